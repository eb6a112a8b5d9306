//===-- BaselineUpdate.cpp - A baseline each compile of a build adds to ---===//
//
// warplint's baseline matches a build when the build writes it: each
// compile (the plugin, warplint-launch's run of the tool) adds its findings,
// with the registers the build itself produced, instead of reporting them
// (docs/user-guide.md, "Baselines").
//
//===----------------------------------------------------------------------===//
#include "warplint/Core/Baseline.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/LockFileManager.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

using namespace llvm;

namespace warplint {

/// The entries of Old merged with the run's: Own's files take the run's,
/// the others the larger count of each key.
static std::map<BaselineKey, unsigned>
merged(const std::map<BaselineKey, unsigned> &Old, ArrayRef<Finding> Findings,
       const StringSet<> &Own, StringRef Dir) {
  std::map<BaselineKey, unsigned> Run;
  for (const Finding &F : Findings)
    ++Run[baselineKey(F, Dir)];
  std::map<BaselineKey, unsigned> Out;
  for (const auto &[K, N] : Old)
    if (!Own.contains(K.File))
      Out[K] = N;
  for (const auto &[K, N] : Run) {
    unsigned &Kept = Out[K];
    Kept = Own.contains(K.File) ? N : std::max(Kept, N);
  }
  return Out;
}

/// Reads, merges and rewrites the baseline at Abs, with the lock held (or
/// none to be had).
static Expected<unsigned> rewrite(ArrayRef<Finding> Findings,
                                  ArrayRef<std::string> Own, StringRef Abs) {
  StringRef Dir = sys::path::parent_path(Abs);
  std::map<BaselineKey, unsigned> Old;
  if (sys::fs::exists(Abs)) {
    Expected<Baseline> B = Baseline::read(Abs);
    if (!B)
      return B.takeError();
    Old = B->entries();
  }
  StringSet<> OwnKeys;
  for (const std::string &F : Own)
    OwnKeys.insert(relativePath(F, Dir));
  std::map<BaselineKey, unsigned> New = merged(Old, Findings, OwnKeys, Dir);
  unsigned Total = 0;
  for (const auto &KV : New)
    Total += KV.second;
  // Written beside it and renamed over it: whoever reads it sees the old
  // file or the new one, never half of one.
  if (Error E = writeToOutput(Abs, [&](raw_ostream &OS) {
        OS << baselineText(New);
        return Error::success();
      }))
    return createStringError("cannot write the baseline '" + Abs.str() +
                             "': " + toString(std::move(E)));
  return Total;
}

Expected<unsigned> updateBaseline(ArrayRef<Finding> Findings,
                                  ArrayRef<std::string> Own, StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  if (std::error_code EC =
          sys::fs::create_directories(sys::path::parent_path(Abs)))
    return createStringError("cannot write the baseline '" + Path.str() +
                             "': " + EC.message());
  // Another compile holding the lock is waited for; a lock that cannot be
  // made at all (a file system without them) leaves the update unlocked.
  for (int Try = 0; Try < 100; ++Try) {
    LockFileManager Lock(Abs);
    Expected<bool> Owned = Lock.tryLock();
    if (!Owned) {
      consumeError(Owned.takeError());
      return rewrite(Findings, Own, Abs);
    }
    if (*Owned)
      return rewrite(Findings, Own, Abs);
    if (Lock.waitForUnlockFor(std::chrono::seconds(30)) ==
        WaitForUnlockResult::Timeout)
      Lock.unsafeMaybeUnlock();
  }
  return createStringError("cannot write the baseline '" + Path.str() +
                           "': its lock stayed held");
}

} // namespace warplint
