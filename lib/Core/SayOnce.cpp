//===-- SayOnce.cpp - A message many compiles of one build share ----------===//
#include "warplint/Core/SayOnce.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include <mutex>

namespace warplint {

std::string saidDirectory(llvm::StringRef BuildDir) {
  llvm::SmallString<256> P(BuildDir);
  llvm::sys::path::append(P, ".warplint", "said");
  return std::string(P);
}

/// Records Key under BuildDir: true when this call made the record, false
/// when one was there; true also when none can be made.
static bool recordOnce(llvm::StringRef Key, llvm::StringRef BuildDir) {
  std::string Dir = saidDirectory(BuildDir);
  if (llvm::sys::fs::create_directories(Dir))
    return true;
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, llvm::utohexstr(llvm::xxh3_64bits(Key),
                                                /*LowerCase=*/true));
  int FD;
  // CD_CreateNew: of two compiles at once, exactly one creates it.
  std::error_code EC =
      llvm::sys::fs::openFileForWrite(Path, FD, llvm::sys::fs::CD_CreateNew);
  if (EC == std::errc::file_exists)
    return false;
  if (EC)
    return true;
  llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
  OS << Key << "\n";
  return true;
}

bool sayOnce(llvm::StringRef Key, llvm::StringRef BuildDir) {
  static std::mutex M;
  static llvm::StringSet<> Said;
  std::lock_guard<std::mutex> Lock(M);
  if (!Said.insert(Key).second)
    return false;
  return BuildDir.empty() || recordOnce(Key, BuildDir);
}

std::string saidOnceSuffix(llvm::StringRef BuildDir) {
  if (BuildDir.empty())
    return "";
  return (" (said once for the build in " + BuildDir + ", not per file)").str();
}

} // namespace warplint
