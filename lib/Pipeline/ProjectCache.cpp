//===-- ProjectCache.cpp - The build's calls, kept on disk ----------------===//
//
// ProjectCache.h: entries keyed by a hash of what decides them, each with
// the stamps of the files its parse read, under a directory per binary.
//
//===----------------------------------------------------------------------===//
#include "warplint/Pipeline/ProjectCache.h"
#include "warplint/Core/Checks.h"
#include "warplint/Core/InputFile.h"
#include "warplint/Core/Version.h"
#include "warplint/Pipeline/Settings.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include <chrono>

using namespace llvm;

namespace warplint {

namespace {
int64_t nanoseconds(sys::TimePoint<> T) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             T.time_since_epoch())
      .count();
}

std::string hex128(StringRef Text) {
  XXH128_hash_t H = xxh3_128bits(arrayRefFromStringRef(Text));
  return formatv("{0:x-16}{1:x-16}", H.high64, H.low64).str();
}

std::optional<uint64_t> contentHash(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!Buf)
    return std::nullopt;
  return xxh3_64bits((*Buf)->getBuffer());
}

/// The directory of this binary's entries: named for its version and for
/// the size and time of the executable, so that a rebuilt warplint does
/// not read what an older one wrote.
std::string binaryDirectory() {
  std::string Exe = sys::fs::getMainExecutable(nullptr, nullptr);
  sys::fs::file_status St;
  std::string Id = warplintVersion().str();
  if (!Exe.empty() && !sys::fs::status(Exe, St))
    Id += "|" + Exe + "|" + std::to_string(St.getSize()) + "|" +
          std::to_string(nanoseconds(St.getLastModificationTime()));
  return "b-" + hex128(Id).substr(0, 16);
}

/// Removes the directories older binaries left in Dir, once unused for a
/// week (two binaries used by turns, say a build's and an installed one,
/// keep theirs).
void removeStale(StringRef Dir, StringRef Keep) {
  std::error_code EC;
  auto Now = std::chrono::system_clock::now();
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    StringRef Name = sys::path::filename(It->path());
    if (!Name.starts_with("b-") || Name == Keep)
      continue;
    sys::fs::file_status St;
    if (sys::fs::status(It->path(), St) ||
        Now - St.getLastModificationTime() < std::chrono::hours(24 * 7))
      continue;
    std::error_code Ignored = sys::fs::remove_directories(It->path());
    (void)Ignored;
  }
}
} // namespace

std::optional<FileStamp> stampFile(StringRef Path) {
  FileStamp S;
  S.Path = Path.str();
  sys::fs::file_status St;
  if (std::error_code EC = sys::fs::status(Path, St)) {
    if (EC == std::errc::no_such_file_or_directory)
      return S; // Size -1: mapped in memory (the prelude), not on disk
    return std::nullopt;
  }
  if (!sys::fs::is_regular_file(St))
    return std::nullopt;
  S.Size = int64_t(St.getSize());
  S.MTime = nanoseconds(St.getLastModificationTime());
  std::optional<uint64_t> H = contentHash(Path);
  if (!H)
    return std::nullopt;
  S.Hash = *H;
  return S;
}

/// Whether the file of S is as S says: the same size and time, or the
/// same size and content.
static bool unchanged(const FileStamp &S) {
  sys::fs::file_status St;
  if (std::error_code EC = sys::fs::status(S.Path, St))
    return S.Size < 0 && EC == std::errc::no_such_file_or_directory;
  if (S.Size < 0 || int64_t(St.getSize()) != S.Size)
    return false;
  if (nanoseconds(St.getLastModificationTime()) == S.MTime)
    return true;
  return contentHash(S.Path) == S.Hash;
}

std::string entryToJSON(const IndexEntry &E, ArrayRef<FileStamp> Deps) {
  json::Array Read;
  for (const FileStamp &S : Deps)
    Read.push_back(json::Object{{"path", S.Path},
                                {"size", S.Size},
                                {"mtime", S.MTime},
                                {"hash", utohexstr(S.Hash)}});
  json::Array Wanted;
  for (const std::string &W : E.Wanted)
    Wanted.push_back(W);
  std::string Out;
  raw_string_ostream OS(Out);
  OS << json::Value(json::Object{{"version", 1},
                                 {"read", std::move(Read)},
                                 {"calls", callsToJSON(E.Outgoing)},
                                 {"wanted", std::move(Wanted)}});
  return Out;
}

bool entryFromJSON(StringRef Text, IndexEntry &E,
                   std::vector<FileStamp> &Deps) {
  Expected<json::Value> V = json::parse(Text);
  if (!V) {
    consumeError(V.takeError());
    return false;
  }
  const json::Object *Top = V->getAsObject();
  if (!Top || Top->getInteger("version") != 1)
    return false;
  const json::Array *Read = Top->getArray("read");
  const json::Array *Calls = Top->getArray("calls");
  const json::Array *Wanted = Top->getArray("wanted");
  if (!Read || !Calls || !Wanted)
    return false;
  for (const json::Value &R : *Read) {
    const json::Object *O = R.getAsObject();
    std::optional<StringRef> Path = O ? O->getString("path") : std::nullopt;
    std::optional<int64_t> Size = O ? O->getInteger("size") : std::nullopt;
    std::optional<int64_t> MTime = O ? O->getInteger("mtime") : std::nullopt;
    std::optional<StringRef> Hash = O ? O->getString("hash") : std::nullopt;
    FileStamp S;
    if (!Path || !Size || !MTime || !Hash ||
        !to_integer(*Hash, S.Hash, /*Base=*/16))
      return false;
    S.Path = Path->str();
    S.Size = *Size;
    S.MTime = *MTime;
    Deps.push_back(std::move(S));
  }
  Expected<std::vector<ProjectCall>> Out = callsFromJSON(*Calls);
  if (!Out) {
    consumeError(Out.takeError());
    return false;
  }
  E.Outgoing = std::move(*Out);
  for (const json::Value &W : *Wanted) {
    std::optional<StringRef> S = W.getAsString();
    if (!S)
      return false;
    E.Wanted.insert(S->str());
  }
  return true;
}

std::string settingsKey(const FileSettings &S) {
  std::string Key = "checks:";
  for (const CheckInfo &I : allChecks())
    if (S.Opts.Checks.isEnabled(I.Id))
      Key += I.Name.str() + ",";
  Key += "|archs:" + join(S.Opts.Archs, ",") + "|options:";
  std::vector<std::string> Set;
  for (const auto &KV : S.Opts.CheckOptions)
    Set.push_back(KV.getKey().str() + "=" + KV.getValue());
  llvm::sort(Set);
  return Key + join(Set, ";");
}

ProjectCache ProjectCache::open(StringRef Dir, std::string &Problem) {
  ProjectCache C;
  SmallString<256> Path(Dir);
  sys::fs::make_absolute(Path);
  std::string Bin = binaryDirectory();
  removeStale(Path, Bin);
  sys::path::append(Path, Bin);
  if (std::error_code EC = sys::fs::create_directories(Path)) {
    Problem = "cannot make '" + std::string(Path) + "': " + EC.message();
    return C;
  }
  if (std::error_code EC = sys::fs::access(Path, sys::fs::AccessMode::Write)) {
    Problem = "cannot write in '" + std::string(Path) + "': " + EC.message();
    return C;
  }
  C.Dir = std::string(Path);
  C.Started = nanoseconds(std::chrono::system_clock::now());
  return C;
}

std::string ProjectCache::key(ArrayRef<std::string> Parts,
                              ArrayRef<ProjectCall> Reaching) {
  std::string All;
  for (const std::string &P : Parts) {
    All += std::to_string(P.size()) + ":" + P; // lengths: no ambiguity
  }
  std::string Calls;
  raw_string_ostream OS(Calls);
  OS << json::Value(callsToJSON(Reaching));
  return hex128(All + "|" + Calls);
}

std::optional<IndexEntry> ProjectCache::lookup(StringRef Key) {
  if (!enabled())
    return std::nullopt;
  SmallString<256> Path(Dir);
  sys::path::append(Path, Key + ".json");
  IndexEntry E;
  std::vector<FileStamp> Deps;
  bool Ok = false;
  if (sys::fs::exists(Path)) {
    Expected<std::string> Text =
        readInputFile(Path, MaxDatabaseBytes, "a cache entry");
    if (Text)
      Ok = entryFromJSON(*Text, E, Deps);
    else
      consumeError(Text.takeError());
    // A damaged entry is a miss; the analysis writes it again.
    Ok = Ok && llvm::all_of(Deps, unchanged);
  }
  ++(Ok ? Hits : Misses);
  if (!Ok)
    return std::nullopt;
  return E;
}

void ProjectCache::store(StringRef Key, const IndexEntry &E,
                         ArrayRef<std::string> Read) {
  if (!enabled() || Read.empty())
    return;
  std::vector<FileStamp> Deps;
  for (const std::string &P : Read) {
    std::optional<FileStamp> S = stampFile(P);
    // Unreadable, or changed during the run (within a coarse file time's
    // two seconds): the entry could describe another content.
    if (!S || (S->Size >= 0 && S->MTime + 2'000'000'000 >= Started))
      return;
    Deps.push_back(std::move(*S));
  }
  SmallString<256> Path(Dir), Temp;
  sys::path::append(Path, Key + ".json");
  int FD;
  if (sys::fs::createUniqueFile(Path + ".%%%%%%.tmp", FD, Temp))
    return;
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << entryToJSON(E, Deps);
    OS.close();
    if (OS.has_error()) {
      OS.clear_error();
      sys::fs::remove(Temp);
      return;
    }
  }
  // A rename is atomic: a run beside this one reads the old entry or the
  // new one, never half of one.
  if (sys::fs::rename(Temp, Path)) {
    sys::fs::remove(Temp);
    return;
  }
  ++Stores;
}

} // namespace warplint
