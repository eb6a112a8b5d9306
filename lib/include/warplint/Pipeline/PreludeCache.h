//===-- PreludeCache.h - The CUDA headers, precompiled once -------*- C++
//-*-===//
///
/// Every CUDA parse starts with the same headers: clang's CUDA runtime
/// wrapper (cuda_runtime.h and all it includes), warplint's nvcc
/// compatibility header, or, without a toolkit, warplint's CUDA prelude.
/// They are most of the parse of a typical .cu file (0.4 of 0.5 s with the
/// CUDA 13 toolkit). The prelude cache keeps them precompiled (a PCH) on
/// disk, one per compile command (its flags, not its file), so that each
/// file of a build, each warplint-launch of it and each run after it parses
/// only its own text. A PCH is used only while every file it read has the
/// size and time it had and its own bytes hash as when it was written; it
/// is rebuilt otherwise. One process builds a PCH
/// while the others wait for it (a lock file, as clang's module cache);
/// each writes its own file and renames it into place. The 64 most
/// recently used PCHs are kept (10 to 25 MB each).
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_PIPELINE_PRELUDECACHE_H
#define WARPLINT_PIPELINE_PRELUDECACHE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CompilerInvocation;
class FileManager;
class PCHContainerOperations;
} // namespace clang

namespace warplint {

/// The headers a source starts by including with angle brackets, in order:
/// its first lines, comments and blank lines aside, as long as each is an
/// `#include <NAME>` alone on its line.
std::vector<std::string> leadingAngledIncludes(llvm::StringRef Text);

class PreludeCache {
public:
  /// A cache in Dir (created when needed).
  explicit PreludeCache(std::string Dir) : Dir(std::move(Dir)) {}

  /// The cache's default directory: $WARPLINT_CACHE_DIR, else
  /// $XDG_CACHE_HOME/warplint, else ~/.cache/warplint; with "/prelude"
  /// after it. Empty when none can be named.
  static std::string defaultDir();

  /// Makes Invocation read its leading -include files that every CUDA
  /// compile has (those named above) from a PCH of them, built first when
  /// the cache has none for this command or the one it has is stale. When
  /// it has no other -include file, the PCH holds the system headers its
  /// source starts by including too (leadingAngledIncludes), which the
  /// source then includes again to no effect: one PCH per such list; where
  /// one of them is not a system header or the list does not compile
  /// alone, the PCH of the -include files only. False
  /// (Invocation unchanged) when it has none of them, when it already uses
  /// a PCH or a preamble, or when the PCH cannot be built or written (then
  /// Why says why; else it says which PCH, and whether it was built now).
  /// Read: the files the PCH stands for (the parse's source manager does
  /// not list them).
  bool use(clang::CompilerInvocation &Invocation, clang::FileManager &Files,
           std::shared_ptr<clang::PCHContainerOperations> PCHContainerOps,
           std::string *Why = nullptr,
           std::vector<std::string> *Read = nullptr);

  const std::string &dir() const { return Dir; }

  struct Counts {
    unsigned Built = 0, Reused = 0, Failed = 0;
  };
  Counts counts() const { return {Built, Reused, Failed}; }

private:
  struct Prepared {
    std::string Pch;
    size_t Leading = 0; ///< the file's own includes it holds
    bool Now = false;   ///< built by this call
    std::vector<std::string> Files;
  };
  /// When prepare() builds a PCH that is missing or stale.
  enum class Build { Always, OnSecondUse, Never };
  /// The PCH of Invocation's first N -include files and Leading, built
  /// when needed and When allows; std::nullopt when there is none (Error
  /// says why when a build failed).
  std::optional<Prepared>
  prepare(const clang::CompilerInvocation &Invocation, size_t N,
          llvm::ArrayRef<std::string> Leading, clang::FileManager &Files,
          std::shared_ptr<clang::PCHContainerOperations> Ops,
          std::string &Error, Build When);

  std::string Dir;
  std::atomic<unsigned> Built{0}, Reused{0}, Failed{0};
  /// One build at a time in this process (the others wait and reuse it).
  std::mutex Building;
};

} // namespace warplint

#endif
