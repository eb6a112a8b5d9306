//===-- Preambles.h - Headers parsed once for the edits of a file -*- C++
//-*-===//
///
/// A file edited in the editor is parsed again at every pause of typing;
/// most of a CUDA file's parse is its headers (the CUDA runtime's), which do
/// not change. As clangd does, the language server keeps each file's
/// preamble (the headers and whatever the file includes before its first
/// declaration, with the command line's -include files) precompiled, per
/// compile command (host side, each device side), and parses only the rest
/// of the file against it. A preamble is rebuilt when its part of the file,
/// the command or a header it read changes, and is used only when it built
/// without an error (else the file is parsed whole, so that clang's errors
/// in headers are seen as they are without one; a preamble that failed is
/// not tried again until its text changes or it is forgotten, as at a
/// save). The tool does not use it.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_PIPELINE_PREAMBLES_H
#define WARPLINT_PIPELINE_PREAMBLES_H

#include "warplint/Analysis/ArchConditionals.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace llvm::vfs {
class FileSystem;
}
namespace clang {
class CompilerInvocation;
class FileManager;
class PCHContainerOperations;
class PrecompiledPreamble;
} // namespace clang

namespace warplint {

class PreambleStore {
public:
  /// The preambles kept at once (the least recently used goes first).
  explicit PreambleStore(size_t Capacity = 8) : Capacity(Capacity) {}

  /// What a parse uses: the file system to parse with (the precompiled
  /// preamble in memory over Files'), the preamble (to keep alive while the
  /// parse runs), and what the preprocessor recorded of __CUDA_ARCH__ in
  /// the preamble's part.
  struct Use {
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS;
    std::shared_ptr<const clang::PrecompiledPreamble> Preamble;
    ArchConditionals Conditionals;
  };
  /// Makes Invocation parse its main file with the preamble kept for it,
  /// built or rebuilt first when needed; std::nullopt (Invocation left as
  /// it was) when none can be used.
  std::optional<Use>
  use(clang::CompilerInvocation &Invocation, clang::FileManager &Files,
      std::shared_ptr<clang::PCHContainerOperations> PCHContainerOps);

  /// Drops every preamble of File, or, with no File, all: when a header
  /// they may have read changed without its size or time changing (an
  /// unsaved buffer).
  void forget(llvm::StringRef File = "");

  struct Counts {
    unsigned Built = 0, Reused = 0, Failed = 0;
  };
  Counts counts() const;

private:
  struct Entry;
  size_t Capacity;
  mutable std::mutex M;
  std::list<std::shared_ptr<Entry>> Entries; ///< most recently used first
  Counts Seen;
};

} // namespace warplint

#endif // WARPLINT_PIPELINE_PREAMBLES_H
