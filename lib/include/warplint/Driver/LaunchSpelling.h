//===-- LaunchSpelling.h - nvcc's spaced launch brackets ---------*- C++
//-*-===//
///
/// nvcc accepts a kernel launch written with spaces inside its brackets,
/// `kernel << <grid, block >> >(args)` (the spelling an editor's formatter
/// leaves), where clang reads `<<` and `<` and rejects the file, losing
/// the function around the launch and every launch in it. The tool reads
/// such a file as nvcc does: each spaced `<< <` is closed up to `<<<` and
/// the `>> >` that ends its configuration to `>>>`, the characters
/// removed turned into spaces after them, so that every other character
/// keeps its line and column. Only code is read: comments, string and
/// character literals are left as they are; a `>> >` that closes template
/// arguments (`vector<vector<int>> >`) is not a launch and is left too, nor
/// is `operator<< <T>`.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DRIVER_LAUNCHSPELLING_H
#define WARPLINT_DRIVER_LAUNCHSPELLING_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace warplint {

struct ClosedLaunches {
  std::string Text;            ///< the source with the brackets closed up
  std::vector<unsigned> Lines; ///< the lines of the launches changed (1-based)
};

/// Source with nvcc's spaced launch brackets closed up; nullopt when it has
/// none (the source is read as it is).
std::optional<ClosedLaunches> closeSpacedLaunches(llvm::StringRef Source);

} // namespace warplint

#endif // WARPLINT_DRIVER_LAUNCHSPELLING_H
