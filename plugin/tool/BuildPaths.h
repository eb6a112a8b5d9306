//===-- BuildPaths.h - What the build tells the tool's commands -*- C++ -*-===//
///
/// Paths CMake passes the tool as compile definitions
/// (plugin/CMakeLists.txt), empty when a build leaves them out: clang's
/// resource directory, the clang++ that --run-ptxas and the language
/// server's ptxas runs compile device code with, and the source tree's
/// docs/ (the language server's links, before an installation).
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOL_BUILDPATHS_H
#define WARPLINT_TOOL_BUILDPATHS_H

#ifndef WARPLINT_CLANG_RESOURCE_DIR
#define WARPLINT_CLANG_RESOURCE_DIR ""
#endif
#ifndef WARPLINT_CLANG_PATH
#define WARPLINT_CLANG_PATH ""
#endif
#ifndef WARPLINT_SOURCE_DOCS
#define WARPLINT_SOURCE_DOCS ""
#endif

#endif // WARPLINT_TOOL_BUILDPATHS_H
