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
#include "llvm/ADT/STLFunctionalExtras.h"
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
class HeaderSearchOptions;
class PCHContainerOperations;
} // namespace clang
namespace llvm::vfs {
class FileSystem;
} // namespace llvm::vfs

namespace warplint {

/// The directives a source starts with that a PCH of its headers can hold
/// as they are: its first lines, comments and blank lines aside, as long as
/// each is an `#include <NAME>`, or a `#define` or `#undef` of one line,
/// alone on its line.
struct LeadingDirectives {
  /// Each directive, written again: "#include <NAME>", "#define X 1".
  std::vector<std::string> Lines;
  /// The NAME of an `#include "NAME"` that ends them, when one does.
  std::string Quoted;
};
/// Header: Text is a header's, whose `#pragma once` or include guard
/// (`#ifndef G` then `#define G`, G not a reserved name) at its start is
/// passed over. NotOwn, when given, says of the NAME of an
/// `#include "NAME"` that it is not a header of the user's (none beside the
/// file, in -iquote or -I): clang then finds it where it finds
/// `<NAME>`, and it is taken as that, not as the end.
LeadingDirectives
leadingDirectives(llvm::StringRef Text, bool Header = false,
                  llvm::function_ref<bool(llvm::StringRef)> NotOwn = nullptr);

/// The leading directives of File, then those of the header of its own it
/// includes next with quotes (found beside it, then in the -iquote and -I
/// directories of HS), and so on, a few deep: what a parse of File reads
/// before any code of its own. A header included with quotes that is none
/// of the user's (`#include "assert.h"`) is taken as included with angle
/// brackets.
std::vector<std::string> leadingList(llvm::StringRef File,
                                     const clang::HeaderSearchOptions &HS,
                                     llvm::vfs::FileSystem &VFS);

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
  /// source starts by including too (leadingDirectives, with the
  /// definitions between them, and those of the header of its own it then
  /// includes with quotes, found as clang would find it), which the source
  /// then includes again to no effect: one PCH per such list; where one of
  /// them is not a system header or does not compile, the list is cut
  /// before it, and where none is left, the PCH of the -include files
  /// only. False
  /// (Invocation unchanged) when it has none of them, when it already uses
  /// a PCH or a preamble, or when the PCH cannot be built or written (then
  /// Why says why; else it says which PCH, and whether it was built now).
  /// Read: the files the PCH stands for (the parse's source manager does
  /// not list them). BuildOnUse: the parse that starts with a list whose
  /// PCH is built (the second by default; a parse that only preprocesses
  /// gains less from one).
  bool use(clang::CompilerInvocation &Invocation, clang::FileManager &Files,
           std::shared_ptr<clang::PCHContainerOperations> PCHContainerOps,
           std::string *Why = nullptr, std::vector<std::string> *Read = nullptr,
           unsigned BuildOnUse = 2);

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
    std::string Content; ///< its list's first line: the hash of its bytes
  };
  /// When prepare() builds a PCH that is missing or stale.
  enum class Build { Always, Counted, Never };
  /// The PCH of Invocation's first N -include files and Leading, built
  /// when needed and When allows (Counted: at the OnUse-th use of the
  /// list); std::nullopt when there is none (Error
  /// says why when a build failed, and FailsAt is the line of Leading that
  /// its first error, or its first header that is not a system header,
  /// came through, when one did, and FailsMissing whether that error is
  /// the header of that line not found). With Base (the PCH of the N
  /// -include files alone), a PCH of Leading is built on it, chained: it
  /// holds only what Leading adds, and its build parses only that.
  std::optional<Prepared>
  prepare(const clang::CompilerInvocation &Invocation, size_t N,
          llvm::ArrayRef<std::string> Leading, clang::FileManager &Files,
          std::shared_ptr<clang::PCHContainerOperations> Ops,
          std::string &Error, Build When, unsigned OnUse = 2,
          std::optional<size_t> *FailsAt = nullptr,
          bool *FailsMissing = nullptr, const Prepared *Base = nullptr);

  std::string Dir;
  std::atomic<unsigned> Built{0}, Reused{0}, Failed{0};
  /// One build at a time in this process (the others wait and reuse it).
  std::mutex Building;
};

} // namespace warplint

#endif
