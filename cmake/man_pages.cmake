# Man pages made from the programs' own --help and --version (help2man, Debian's help2man), so
# that they cannot say other than the programs do. Optional: without help2man the programs build
# and install without their pages (a message says so).
find_program(GPUGUIDE_HELP2MAN help2man)
option(GPUGUIDE_MAN_PAGES "Make and install man pages with help2man" ON)
if(GPUGUIDE_MAN_PAGES AND NOT GPUGUIDE_HELP2MAN)
  message(STATUS "gpuguide: help2man not found; no man pages (Debian: apt-get install help2man)")
endif()

# gpuguide_man_page(TARGET target NAME_LINE "..." DESCRIPTION "..." [SUBCOMMANDS a b ...]):
# share/man/man1/<target>.1.gz, made after the program is linked and installed with it.
function(gpuguide_man_page)
  if(NOT GPUGUIDE_MAN_PAGES OR NOT GPUGUIDE_HELP2MAN)
    return()
  endif()
  cmake_parse_arguments(MAN "" "TARGET;NAME_LINE;DESCRIPTION" "SUBCOMMANDS" ${ARGN})
  set(page ${CMAKE_CURRENT_BINARY_DIR}/man/${MAN_TARGET}.1.gz)
  add_custom_command(
    OUTPUT ${page}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/man
    COMMAND ${CMAKE_COMMAND} "-DPROGRAM=$<TARGET_FILE:${MAN_TARGET}>" "-DOUTPUT=${page}"
            "-DSOURCE_DIR=${PROJECT_SOURCE_DIR}"
            "-DNAME_LINE=${MAN_NAME_LINE}" "-DDESCRIPTION=${MAN_DESCRIPTION}"
            "-DSUBCOMMANDS=${MAN_SUBCOMMANDS}" -P ${PROJECT_SOURCE_DIR}/cmake/help2man.cmake
    DEPENDS ${MAN_TARGET} ${PROJECT_SOURCE_DIR}/cmake/help2man.cmake
    COMMENT "Man page for ${MAN_TARGET} (help2man)"
    VERBATIM)
  add_custom_target(${MAN_TARGET}-man ALL DEPENDS ${page})
  install(FILES ${page} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endfunction()
