# Writes one man page, OUTPUT (gzip -9n, as Debian installs them), from PROGRAM's --help and
# --version with help2man (cmake -P; run by cmake/man_pages.cmake at build time). For each name in
# SUBCOMMANDS, `PROGRAM NAME --help` joins the page as a section of its own, so that the page says
# what every command takes, not only the list of commands. NAME_LINE is the page's one-line what.
# The page's date is the commit's (SOURCE_DATE_EPOCH when set), so that the same commit makes the
# same page whatever the day.
if(NOT DEFINED ENV{SOURCE_DATE_EPOCH})
  execute_process(COMMAND git -C "${SOURCE_DIR}" log -1 --format=%ct OUTPUT_VARIABLE epoch
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(epoch MATCHES "^[0-9]+$")
    set(ENV{SOURCE_DATE_EPOCH} "${epoch}")
  endif()
endif()
set(include_file "${OUTPUT}.h2m")
set(text "[DESCRIPTION]\n${DESCRIPTION}\n")
if(SUBCOMMANDS)
  string(APPEND text "[COMMANDS]\n")
  foreach(command IN LISTS SUBCOMMANDS)
    execute_process(COMMAND "${PROGRAM}" ${command} --help OUTPUT_VARIABLE help
                    RESULT_VARIABLE failed)
    if(failed)
      message(FATAL_ERROR "${PROGRAM} ${command} --help failed (${failed})")
    endif()
    # CLI11 names the program as it was started, here its path in the build tree: the page names
    # it as a user types it, so that two builds in different folders make the same page.
    get_filename_component(program_name "${PROGRAM}" NAME)
    string(REPLACE "${PROGRAM}" "${program_name}" help "${help}")
    # roff: a leading dot or quote would start a request; backslashes are escapes.
    string(REPLACE "\\" "\\e" help "${help}")
    string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" help "${help}")
    string(APPEND text ".SS ${command}\n.nf\n${help}.fi\n")
  endforeach()
endif()
string(APPEND text "[SEE ALSO]\nThe manual: docs/ in the source, published beside the guide.\n")
file(WRITE "${include_file}" "${text}")
set(plain "${OUTPUT}.tmp")
execute_process(
  COMMAND help2man --no-info --no-discard-stderr "--name=${NAME_LINE}" "--include=${include_file}"
          "--output=${plain}" "${PROGRAM}"
  RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "help2man failed on ${PROGRAM} (${failed})")
endif()
execute_process(COMMAND gzip -9n -c "${plain}" OUTPUT_FILE "${OUTPUT}" RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "gzip failed on ${plain}")
endif()
file(REMOVE "${plain}" "${include_file}")
