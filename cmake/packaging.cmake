# Installing and packaging (docs/src/installation.md, docs/src/contributing/release.md).
#
# `cmake --install BUILD --prefix PREFIX` puts gpuguide and gpuguide-probe in bin/, their man pages
# in share/man/man1/ and the licences in share/doc/gpuguide/. Nothing else is needed beside the
# programs: the built-in theme is inside gpuguide. `cpack -G DEB` in a build folder makes the .deb
# (scripts/release.d/deb.sh), whose dependencies are Debian's own packages of the libraries, found
# by dpkg-shlibdeps.
include(GNUInstallDirs)
include(${CMAKE_CURRENT_LIST_DIR}/man_pages.cmake)

install(TARGETS gpuguide-probe RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
gpuguide_man_page(TARGET gpuguide-probe
  NAME_LINE "measure this machine's GPUs and CPU into a measurement document"
  DESCRIPTION "gpuguide-probe runs small CPU and CUDA probes (memory bandwidth, host-device \
transfers, GEMM in each precision, latencies, power) and writes one JSON document per host, the \
input of gpuguide's measured tables, charts and inline figures.")
if(TARGET gpuguide)
  install(TARGETS gpuguide RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  gpuguide_man_page(TARGET gpuguide
    NAME_LINE "build mdBook books and the GPU Guide with live measured figures"
    DESCRIPTION "gpuguide builds a static HTML site from an mdBook book (book.toml and \
src/SUMMARY.md) or from the GPU Guide's folder of language folders. Pages may show figures that \
gpuguide-probe measures on the machine that builds them, next to committed reference measurements."
    SUBCOMMANDS build check serve theme init fleet)
endif()

# share/doc/gpuguide: the licence texts, Debian's machine-readable copyright file, and the
# changelogs (the upstream one, and Debian's one entry for this package), gzip -9n as Debian's
# policy asks. The same files in every install, so that the .deb is made from any build folder.
set(GPUGUIDE_PACKAGE_RELEASE "1" CACHE STRING "the .deb's Debian revision, e.g. 1+deb12")
set(GPUGUIDE_PACKAGE_MAINTAINER "GPU Guide maintainers <gpuguide@users.noreply.github.com>"
    CACHE STRING "the .deb's Maintainer field")
set(docs ${CMAKE_INSTALL_DATADIR}/doc/gpuguide)
set(release_d ${PROJECT_SOURCE_DIR}/scripts/release.d)
set(package_version ${PROJECT_VERSION}-${GPUGUIDE_PACKAGE_RELEASE})
add_custom_command(
  OUTPUT ${CMAKE_BINARY_DIR}/doc/changelog.Debian.gz ${CMAKE_BINARY_DIR}/doc/changelog.gz
  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -DOUT_DIR=${CMAKE_BINARY_DIR}/doc
          -DPACKAGE_VERSION=${package_version} "-DMAINTAINER=${GPUGUIDE_PACKAGE_MAINTAINER}"
          -P ${release_d}/debian-changelog.cmake
  DEPENDS ${PROJECT_SOURCE_DIR}/CHANGELOG.md ${release_d}/debian-changelog.cmake
  VERBATIM)
add_custom_target(gpuguide-doc-files ALL
  DEPENDS ${CMAKE_BINARY_DIR}/doc/changelog.Debian.gz ${CMAKE_BINARY_DIR}/doc/changelog.gz)
install(FILES ${release_d}/copyright ${CMAKE_BINARY_DIR}/doc/changelog.Debian.gz
              ${CMAKE_BINARY_DIR}/doc/changelog.gz ${PROJECT_SOURCE_DIR}/LICENSE
        DESTINATION ${docs})
install(FILES ${PROJECT_SOURCE_DIR}/content/LICENSE DESTINATION ${docs} RENAME LICENSE.content)

# --- the .deb: `cpack -G DEB` in the build folder (scripts/release.d/deb.sh) --------------------
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME gpuguide)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "${GPUGUIDE_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "static site generator for books with live GPU figures")
# The synopsis is CPACK_PACKAGE_DESCRIPTION_SUMMARY; CPack puts it before this extended
# description (a first line repeating it is lintian's description-synopsis-is-duplicated), and
# lintian wants its lines under 80 characters.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "gpuguide builds mdBook books and the GPU Guide into static HTML
sites whose tables, charts and inline figures can be measured at build
time by gpuguide-probe (memory bandwidth, transfers, GEMM throughput,
latencies) on the machine that builds them, next to reference
measurements. Without a GPU the CPU figures are measured and the GPU
figures come from the references.")
set(CPACK_DEBIAN_PACKAGE_RELEASE ${GPUGUIDE_PACKAGE_RELEASE})
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION text)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# KaTeX, copied into the site of a book with mdBook's mathjax-support (render/math_assets.hpp):
# only such books need it, and they build without it (with a warning), hence Recommends.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libjs-katex")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
include(CPack)
