# Writes OUT_DIR/changelog.Debian.gz (one entry: this package, dated by the commit) and
# OUT_DIR/changelog.gz (CHANGELOG.md), both gzip -9n as Debian policy asks (cmake -P; run by
# cmake/packaging.cmake).
if(DEFINED ENV{SOURCE_DATE_EPOCH})
  set(epoch "$ENV{SOURCE_DATE_EPOCH}")
else()
  execute_process(COMMAND git -C "${SOURCE_DIR}" log -1 --format=%ct OUTPUT_VARIABLE epoch
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
endif()
if(NOT epoch MATCHES "^[0-9]+$")
  set(epoch 0)
endif()
execute_process(COMMAND date -u -R -d "@${epoch}" OUTPUT_VARIABLE date OUTPUT_STRIP_TRAILING_WHITESPACE)
file(MAKE_DIRECTORY "${OUT_DIR}")
file(WRITE "${OUT_DIR}/changelog.Debian"
"gpuguide (${PACKAGE_VERSION}) unstable; urgency=medium

  * Upstream release; its changes are in /usr/share/doc/gpuguide/changelog.gz.

 -- ${MAINTAINER}  ${date}
")
foreach(pair "changelog.Debian;${OUT_DIR}/changelog.Debian" "changelog;${SOURCE_DIR}/CHANGELOG.md")
  list(GET pair 0 name)
  list(GET pair 1 from)
  execute_process(COMMAND gzip -9n -c "${from}" OUTPUT_FILE "${OUT_DIR}/${name}.gz"
                  RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "gzip ${from} failed")
  endif()
endforeach()
