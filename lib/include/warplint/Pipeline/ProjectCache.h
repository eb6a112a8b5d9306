//===-- ProjectCache.h - The build's calls, kept on disk ---------*- C++
//-*-===//
///
/// The build as one program (ProjectAnalysis.cpp) needs, of each file of the
/// build, its calls into other files and the functions whose callers it
/// wants (an IndexEntry). Collecting them means parsing the file; the cache
/// keeps them on disk so that a second run parses only what changed, and
/// each file it reports on once.
///
/// An entry is keyed by what decides it: the file, its compile command and
/// directory, the tool's settings that reach the analysis, the toolkit, and
/// the calls other files make of its functions (a file analysed with them
/// is another entry). It holds the size, time and content hash of every
/// file the parse read, and is used only while each is unchanged (its size
/// and time, or else its content). Entries live under a directory named
/// for the warplint binary that wrote them: a rebuilt warplint starts
/// afresh and removes what older binaries left. A file whose parse read a
/// header written during the run is not stored (it may have changed under
/// the parse). What the cache cannot see: a header that a new file on the
/// include path would now shadow, or a `__has_include` that would now find
/// one; `--no-project-cache` or removing the directory starts afresh.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_PIPELINE_PROJECTCACHE_H
#define WARPLINT_PIPELINE_PROJECTCACHE_H

#include "warplint/Core/ProjectIndex.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace warplint {

struct FileSettings;

/// What the build as one program needs of one file's analysis.
struct IndexEntry {
  std::vector<ProjectCall> Outgoing;
  std::set<std::string> Wanted;
};

/// One file a parse read, as it was.
struct FileStamp {
  std::string Path;
  int64_t Size = -1; ///< -1: not on disk (a file mapped in memory)
  int64_t MTime = 0; ///< nanoseconds
  uint64_t Hash = 0; ///< xxh3 of the content
};

/// The stamp of Path as it is now; nullopt when it cannot be read.
std::optional<FileStamp> stampFile(llvm::StringRef Path);

/// An entry as the cache writes it (JSON), and back.
std::string entryToJSON(const IndexEntry &E, llvm::ArrayRef<FileStamp> Deps);
bool entryFromJSON(llvm::StringRef Text, IndexEntry &E,
                   std::vector<FileStamp> &Deps);

/// What of a file's settings reaches its analysis (checks, architectures,
/// check options), as text for a key.
std::string settingsKey(const FileSettings &S);

class ProjectCache {
public:
  /// No cache: every lookup misses, stores do nothing.
  ProjectCache() = default;
  /// The cache under Dir (created when missing) for this warplint binary.
  /// Problem: why there is none (Dir cannot be made or written).
  static ProjectCache open(llvm::StringRef Dir, std::string &Problem);
  bool enabled() const { return !Dir.empty(); }
  const std::string &directory() const { return Dir; }

  /// The key of an analysis: Parts (file, command, settings, ...) and the
  /// calls the other files make of the file's functions.
  static std::string key(llvm::ArrayRef<std::string> Parts,
                         llvm::ArrayRef<ProjectCall> Reaching);

  /// The entry stored for Key, when every file its parse read is as it was.
  std::optional<IndexEntry> lookup(llvm::StringRef Key);
  /// Stores E for Key with the stamps of Read (the files the parse read, as
  /// absolute paths); not when one of them changed since the run began.
  void store(llvm::StringRef Key, const IndexEntry &E,
             llvm::ArrayRef<std::string> Read);

  unsigned Hits = 0, Misses = 0, Stores = 0;

private:
  std::string Dir;
  int64_t Started = 0; ///< the run's start, in nanoseconds
};

} // namespace warplint

#endif // WARPLINT_PIPELINE_PROJECTCACHE_H
