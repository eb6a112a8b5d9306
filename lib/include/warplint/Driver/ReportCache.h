//===-- ReportCache.h - warplint's caches: root, files, ptxas -*- C++ -*-===//
///
/// warplint's caches share one root directory ($WARPLINT_CACHE_DIR, else
/// $XDG_CACHE_HOME/warplint, else ~/.cache/warplint): the PCHs of the
/// CUDA headers in prelude/, and here, in ptxas/, the reports ptxas gave
/// when warplint-launch ran it alone on the PTX of an object's kernels.
///
/// Such a report depends only on ptxas (the program, its size and time),
/// its options, the kernels asked for and the PTX's bytes: a key hashes
/// them all, so a source compiled again with the same device code (a
/// header touched that only host code reads, a clean rebuild, another
/// branch and back) gets its spills without running ptxas again. Writes
/// are a temporary file renamed into place; the 4,096 most recently used
/// reports are kept. Nothing here fails a build: a cache that cannot be
/// read or written is one that misses.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DRIVER_REPORTCACHE_H
#define WARPLINT_DRIVER_REPORTCACHE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace warplint {

/// The root of warplint's caches: $WARPLINT_CACHE_DIR, else
/// $XDG_CACHE_HOME/warplint, else ~/.cache/warplint; "" when none can be
/// named.
std::string cacheRoot();

/// Writes Text to Path whole or not at all (a temporary file beside it,
/// Path-XXXXXXXX, renamed into place); false when it cannot.
bool writeFileAtomically(llvm::StringRef Path, llvm::StringRef Text);

/// Marks the cache entry Path used now (its time), for pruning by the most
/// recently used; nothing when it cannot be written.
void markUsed(llvm::StringRef Path);

class PtxasReportCache {
public:
  /// A cache in Dir (created when a report is first kept) that keeps the
  /// Keep most recently used reports; none when Dir is empty.
  explicit PtxasReportCache(std::string Dir, unsigned Keep = 4096)
      : Dir(std::move(Dir)), Keep(Keep) {}

  /// cacheRoot() with "/ptxas" after it; "" when there is no root.
  static std::string defaultDir();

  /// The key of the report of ptxas Program (a path: its size and time are
  /// read) run with Args on the PTX text Ptx.
  static std::string key(llvm::StringRef Program,
                         llvm::ArrayRef<std::string> Args, llvm::StringRef Ptx);

  /// The report kept under Key, when there is one.
  std::optional<std::string> get(llvm::StringRef Key) const;
  /// Keeps Report under Key; false when it cannot be written.
  bool put(llvm::StringRef Key, llvm::StringRef Report) const;

  const std::string &dir() const { return Dir; }
  /// The file of Key's report.
  std::string path(llvm::StringRef Key) const;

  /// Removes the least recently used reports beyond Keep, and temporary
  /// files (writeFileAtomically's) more than an hour old (put() calls it at
  /// one write in 64).
  void prune() const;

private:
  std::string Dir;
  unsigned Keep;
};

} // namespace warplint

#endif
