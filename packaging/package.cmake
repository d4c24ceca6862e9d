# The Debian package: `cpack -G DEB` in the build folder (or `cmake --build build --target
# package`) makes pbd-cloth_VERSION_ARCH.deb from what `cmake --install` puts in the prefix,
# with the prefix /usr: /usr/bin/pbd-cloth and pbd-sim, the desktop entry and the icon, the
# man pages, and in /usr/share/doc/pbd-cloth the README and docs, the machine-readable
# copyright file and the changelog. Depends is computed from the binaries by dpkg-shlibdeps.
include(GNUInstallDirs)

set(PBD_PACKAGE_MAINTAINER
    "The pbd-cloth developers <maintainers@users.noreply.a-seed-d1da933d.example>"
    CACHE STRING "The .deb's Maintainer and its changelog's signature: NAME <EMAIL>")
set(PBD_DOC_DIR ${CMAKE_INSTALL_DATADIR}/doc/pbd-cloth)

# Documentation, as README.md's links expect it: README.md beside docs/.
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${PBD_DOC_DIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${PBD_DOC_DIR}/docs)
install(FILES ${PROJECT_SOURCE_DIR}/packaging/copyright DESTINATION ${PBD_DOC_DIR})

# The changelog, compressed as Debian's policy asks (gzip -9n: no name or time stamp inside).
# Its date is the configure time, or SOURCE_DATE_EPOCH's when that is set.
set(PBD_PACKAGE_VERSION ${PROJECT_VERSION})
string(TIMESTAMP PBD_PACKAGE_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)
configure_file(${PROJECT_SOURCE_DIR}/packaging/changelog.in
               ${PROJECT_BINARY_DIR}/packaging/changelog @ONLY)
find_program(PBD_GZIP gzip REQUIRED)
add_custom_command(
  OUTPUT ${PROJECT_BINARY_DIR}/packaging/changelog.gz
  COMMAND ${PBD_GZIP} -9nf -k ${PROJECT_BINARY_DIR}/packaging/changelog
  DEPENDS ${PROJECT_BINARY_DIR}/packaging/changelog
  COMMENT "Compressing the changelog"
  VERBATIM)
add_custom_target(pbd_changelog ALL DEPENDS ${PROJECT_BINARY_DIR}/packaging/changelog.gz)
install(FILES ${PROJECT_BINARY_DIR}/packaging/changelog.gz DESTINATION ${PBD_DOC_DIR})

set(CPACK_PACKAGE_NAME pbd-cloth)
set(CPACK_PACKAGE_VENDOR "The pbd-cloth developers")
set(CPACK_PACKAGE_CONTACT "${PBD_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "cloth simulator using position-based dynamics")
set(CPACK_PACKAGE_DESCRIPTION
    "A cloth of particles joined by distance constraints hangs from its
corners: drag it, pin it, cut it and tear it, and change its settings
while it runs. It reproduces the Position-Based Dynamics web page it grew
from to floating-point accuracy and adds XPBD stiffness, substeps,
obstacles, air, a parallel solver and an OpenGL 4.3 GPU solver.

This package contains pbd-cloth, the desktop app (OpenGL 3.3), and
pbd-sim, the headless tool that runs, replays and benchmarks simulations.")
set(CPACK_GENERATOR DEB)
# Install scripts run with CMAKE_INSTALL_PREFIX=/usr, so that the desktop entry's Exec is
# /usr/bin/pbd-cloth, and the files go under DESTDIR.
set(CPACK_SET_DESTDIR ON)
set(CPACK_INSTALL_PREFIX /usr)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Opened at run time, so dpkg-shlibdeps cannot see them: libEGL (dlopen) for the GPU solver
# (without it the other solvers run and the GPU one says why), the panel's font, and ffmpeg
# for Export video.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libegl1, fonts-dejavu-core, ffmpeg")
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS OFF)
include(CPack)
