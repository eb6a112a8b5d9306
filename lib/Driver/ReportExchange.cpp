//===-- ReportExchange.cpp - ptxas reports from warplint-launch -----------===//
#include "warplint/Driver/ReportExchange.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <thread>
#ifndef _WIN32
#include <unistd.h>
#endif

using namespace llvm;

namespace warplint {

void publishPtxasReport(const std::string &Path, StringRef Text) {
  std::string Tmp = Path + ".part";
  {
    std::error_code EC;
    raw_fd_ostream OS(Tmp, EC, sys::fs::OF_None);
    if (!EC)
      OS << Text;
  }
  if (sys::fs::rename(Tmp, Path)) {
    // Without the file warplint would wait: give it an empty one.
    std::error_code EC;
    raw_fd_ostream OS(Path, EC, sys::fs::OF_None);
  }
}

PendingPtxasReports::PendingPtxasReports(std::vector<std::string> Files)
    : Files(std::move(Files)) {
#ifndef _WIN32
  Writer = getppid();
#endif
}

const std::vector<std::pair<std::string, std::string>> &
PendingPtxasReports::get() const {
  std::call_once(Once, [this] {
    using namespace std::chrono;
    auto Deadline = steady_clock::now() + seconds(MaxWaitSeconds);
#ifndef _WIN32
    if (Writer == 1)
      return; // orphaned before it started: nobody will write them
#endif
    for (const std::string &F : Files) {
      while (!sys::fs::exists(F) && steady_clock::now() < Deadline) {
#ifndef _WIN32
        if (getppid() != Writer)
          return; // the writer is gone: no reports
#endif
        std::this_thread::sleep_for(milliseconds(10));
      }
      auto Buf = MemoryBuffer::getFile(F, /*IsText=*/true);
      if (Buf && !(*Buf)->getBuffer().empty())
        Loaded.push_back({F, (*Buf)->getBuffer().str()});
    }
  });
  return Loaded;
}

} // namespace warplint
