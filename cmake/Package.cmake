# Package.cmake: the Debian package (cpack -G DEB in the build directory;
# scripts/package builds and packs). It holds what `cmake --install` lays
# out, under /usr: bin/warplint and bin/warplint-launch, the Clang plugin and
# the clang-tidy module in lib/, lib/cmake/warplint, the CUDA prelude in
# share/warplint, the docs, the man pages and the bash and zsh completions.
#
# Depends: the libraries the binaries link (found by dpkg-shlibdeps:
# liblz4-1, libzstd1, zlib1g, libstdc++6, libc6; libclang-cpp22 and
# libllvm22 too with WARPLINT_STATIC_LLVM=OFF), clang's
# resource headers (libclang-common-22-dev: __clang_cuda_*.h, which the
# tool parses every CUDA file with, from the path compiled into it,
# WARPLINT_CLANG_RESOURCE_DIR), and the C and C++ standard headers that
# CUDA sources and warplint's own CUDA prelude include (<stdlib.h>,
# <cstdio>: libc6-dev, libstdc++-dev), as clang-22 itself depends on them.
# Without them every such file is parsed with errors and its functions
# skipped (test/integration/package.test installs the package in a root
# with only these and shows the examples analysed as in the build tree). Recommends: clang-22, whose clang++
# --run-ptxas and the language server compile device code with, and which
# loads the plugin. Suggests: clang-tidy-22 (the module), a CUDA toolkit.

set(CPACK_PACKAGE_NAME warplint)
set(CPACK_PACKAGE_VENDOR "warplint")
# Debian needs a Maintainer: whoever builds the package names themselves.
set(WARPLINT_PACKAGE_CONTACT "warplint developers <warplint@localhost>" CACHE STRING
  "The Maintainer field of the Debian package (Name <email>)")
set(CPACK_PACKAGE_CONTACT "${WARPLINT_PACKAGE_CONTACT}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "static analysis of CUDA C++: shared-memory bank conflicts, block sizes, occupancy")
set(CPACK_PACKAGE_DESCRIPTION
  "warplint tells a CUDA kernel author what the GPU will do with their code
before it runs: the exact shared-memory bank-conflict degree of every
__shared__ access for the block shapes the kernel is launched with, thread
blocks that waste lanes, and the occupancy of every launch from ptxas's
report. A command-line tool, a Clang plugin, a clang-tidy module, an nvcc
launcher (warplint-launch), an occupancy calculator and a language server.")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES TRUE)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The plugin and the clang-tidy module take Clang's symbols from the
# process that loads them: dpkg-shlibdeps would only warn about them.
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS OFF)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
  "libclang-common-${LLVM_VERSION_MAJOR}-dev, libc6-dev, libstdc++-12-dev | libstdc++-dev")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "clang-${LLVM_VERSION_MAJOR}")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS
  "clang-tidy-${LLVM_VERSION_MAJOR}, nvidia-cuda-toolkit")
include(CPack)
