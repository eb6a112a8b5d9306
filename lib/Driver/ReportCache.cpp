//===-- ReportCache.cpp - ptxas reports kept by what they depend on -------===//

#include "warplint/Driver/ReportCache.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include <vector>

using namespace llvm;

namespace warplint {

std::string cacheRoot() {
  SmallString<256> Dir;
  if (auto Env = sys::Process::GetEnv("WARPLINT_CACHE_DIR");
      Env && !Env->empty())
    Dir = *Env;
  else if (auto Xdg = sys::Process::GetEnv("XDG_CACHE_HOME");
           Xdg && !Xdg->empty())
    sys::path::append(Dir, *Xdg, "warplint");
  else if (sys::path::home_directory(Dir))
    sys::path::append(Dir, ".cache", "warplint");
  else
    return "";
  return std::string(Dir);
}

bool writeFileAtomically(StringRef Path, StringRef Text) {
  SmallString<256> Temp;
  int FD;
  if (sys::fs::createUniqueFile(Path + "-%%%%%%%%", FD, Temp))
    return false;
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.close();
    if (OS.has_error()) {
      OS.clear_error();
      sys::fs::remove(Temp);
      return false;
    }
  }
  if (sys::fs::rename(Temp, Path)) {
    sys::fs::remove(Temp);
    return false;
  }
  return true;
}

void markUsed(StringRef Path) {
  int FD;
  if (sys::fs::openFileForWrite(Path, FD, sys::fs::CD_OpenExisting,
                                sys::fs::OF_Append))
    return;
  sys::fs::setLastAccessAndModificationTime(FD,
                                            std::chrono::system_clock::now());
  sys::Process::SafelyCloseFileDescriptor(FD);
}

std::string PtxasReportCache::defaultDir() {
  std::string Root = cacheRoot();
  if (Root.empty())
    return "";
  SmallString<256> Dir(Root);
  sys::path::append(Dir, "ptxas");
  return std::string(Dir);
}

std::string PtxasReportCache::key(StringRef Program, ArrayRef<std::string> Args,
                                  StringRef Ptx) {
  // Each part with its length before it: no two lists of parts hash the
  // same text.
  std::string Text;
  raw_string_ostream OS(Text);
  auto Part = [&](StringRef S) { OS << S.size() << ':' << S; };
  Part("ptxas-report 1");
  Part(Program);
  sys::fs::file_status S;
  if (!sys::fs::status(Program, S))
    OS << S.getSize() << ' ' << sys::toTimeT(S.getLastModificationTime());
  OS << ' ' << Args.size();
  for (const std::string &A : Args)
    Part(A);
  Part(Ptx);
  XXH128_hash_t H = xxh3_128bits(
      ArrayRef(reinterpret_cast<const uint8_t *>(Text.data()), Text.size()));
  return utohexstr(H.high64, /*LowerCase=*/true, 16) +
         utohexstr(H.low64, /*LowerCase=*/true, 16);
}

std::string PtxasReportCache::path(StringRef Key) const {
  SmallString<256> P(Dir);
  sys::path::append(P, Key + ".txt");
  return std::string(P);
}

std::optional<std::string> PtxasReportCache::get(StringRef Key) const {
  if (Dir.empty())
    return std::nullopt;
  std::string File = path(Key);
  auto Buf = MemoryBuffer::getFile(File, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  if (!Buf)
    return std::nullopt;
  // Used now: prune() keeps the most recently used (a cache that cannot be
  // written, one a CI job restored read-only, is still read).
  markUsed(File);
  return (*Buf)->getBuffer().str();
}

bool PtxasReportCache::put(StringRef Key, StringRef Report) const {
  if (Dir.empty() || sys::fs::create_directories(Dir) ||
      !writeFileAtomically(path(Key), Report))
    return false;
  // One write in 64 (by its key, which is uniform) looks at the whole
  // directory.
  if (Key.starts_with("0") && Key.size() > 1 && Key[1] < '4')
    prune();
  return true;
}

void PtxasReportCache::prune() const {
  std::vector<std::pair<sys::TimePoint<>, std::string>> Reports;
  auto Now = std::chrono::system_clock::now();
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    auto S = It->status();
    if (!S)
      continue;
    // A temporary file left by a process that was killed (KEY.txt-XXXXXXXX).
    if (StringRef(It->path()).contains(".txt-")) {
      if (Now - S->getLastModificationTime() > std::chrono::hours(1))
        sys::fs::remove(It->path());
      continue;
    }
    if (sys::path::extension(It->path()) == ".txt")
      Reports.push_back({S->getLastModificationTime(), It->path()});
  }
  if (Reports.size() <= Keep)
    return;
  llvm::sort(Reports,
             [](const auto &A, const auto &B) { return A.first > B.first; });
  for (size_t I = Keep; I < Reports.size(); ++I)
    sys::fs::remove(Reports[I].second);
}

} // namespace warplint
