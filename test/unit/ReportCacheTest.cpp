// Unit tests of the cache of ptxas reports (warplint/Driver/ReportCache.h):
// the key changes with each thing the report depends on, a kept report
// comes back whole, and pruning keeps the most recently used.
#include "warplint/Driver/ReportCache.h"
#include "ScratchDir.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/Process.h"
#include "gtest/gtest.h"
#include <chrono>

using namespace warplint;
using warplint::test::ScratchDir;

TEST(ReportCacheTest, KeyDependsOnEachInput) {
  ScratchDir D("warplint-report-cache");
  std::string Ptxas = D.write("ptxas", "#!/bin/sh\n", /*Executable=*/true);
  std::vector<std::string> Args{"-arch=sm_90", "-v", "--entry=_Z1kv"};
  std::string Key = PtxasReportCache::key(Ptxas, Args, ".entry _Z1kv {}");
  EXPECT_EQ(Key.size(), 32u);
  EXPECT_EQ(Key, PtxasReportCache::key(Ptxas, Args, ".entry _Z1kv {}"));
  // The PTX, the options, their order and split, and ptxas itself.
  EXPECT_NE(Key, PtxasReportCache::key(Ptxas, Args, ".entry _Z1kv { }"));
  EXPECT_NE(Key, PtxasReportCache::key(
                     Ptxas, {"-arch=sm_90", "-v", "--entry=_Z1kv", "-O2"},
                     ".entry _Z1kv {}"));
  EXPECT_NE(Key,
            PtxasReportCache::key(Ptxas, {"-arch=sm_90", "--entry=_Z1kv", "-v"},
                                  ".entry _Z1kv {}"));
  EXPECT_NE(PtxasReportCache::key(Ptxas, {"-a", "b"}, ""),
            PtxasReportCache::key(Ptxas, {"-ab"}, ""));
  std::string Other = D.write("ptxas2", "#!/bin/sh\n", /*Executable=*/true);
  EXPECT_NE(Key, PtxasReportCache::key(Other, Args, ".entry _Z1kv {}"));
  // Another ptxas at the same path (an updated toolkit).
  D.write("ptxas", "#!/bin/sh\n# 13.1\n", /*Executable=*/true);
  EXPECT_NE(Key, PtxasReportCache::key(Ptxas, Args, ".entry _Z1kv {}"));
}

TEST(ReportCacheTest, KeptReportsComeBack) {
  ScratchDir D("warplint-report-cache");
  PtxasReportCache Cache(D.path("deep/ptxas"));
  EXPECT_FALSE(Cache.get("00ff").has_value());
  std::string Report = "ptxas info    : Used 32 registers\n"
                       "    360 bytes stack frame, 360 bytes spill stores\n";
  ASSERT_TRUE(Cache.put("00ff", Report));
  auto Got = Cache.get("00ff");
  ASSERT_TRUE(Got.has_value());
  EXPECT_EQ(*Got, Report);
  EXPECT_FALSE(Cache.get("00fe").has_value());
  // A cache with no directory keeps nothing.
  PtxasReportCache None("");
  EXPECT_FALSE(None.put("00ff", Report));
  EXPECT_FALSE(None.get("00ff").has_value());
}

TEST(ReportCacheTest, PruneKeepsTheMostRecentlyUsed) {
  ScratchDir D("warplint-report-cache");
  PtxasReportCache Cache(D.path("ptxas"), /*Keep=*/2);
  auto Old = std::chrono::system_clock::now() - std::chrono::hours(2);
  for (const char *K : {"a1", "a2", "a3"}) {
    ASSERT_TRUE(Cache.put(K, K));
    int FD;
    ASSERT_FALSE(llvm::sys::fs::openFileForWrite(Cache.path(K), FD,
                                                 llvm::sys::fs::CD_OpenExisting,
                                                 llvm::sys::fs::OF_Append));
    llvm::sys::fs::setLastAccessAndModificationTime(FD, Old);
    llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  }
  // a1 used now: a2 and a3 are the least recently used, and a2 goes.
  ASSERT_TRUE(Cache.get("a1").has_value());
  {
    int FD;
    ASSERT_FALSE(llvm::sys::fs::openFileForWrite(Cache.path("a3"), FD,
                                                 llvm::sys::fs::CD_OpenExisting,
                                                 llvm::sys::fs::OF_Append));
    llvm::sys::fs::setLastAccessAndModificationTime(
        FD, Old + std::chrono::minutes(1));
    llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  }
  D.write("ptxas/a9.txt-12345678", "left by a killed process");
  Cache.prune();
  EXPECT_TRUE(Cache.get("a1").has_value());
  EXPECT_FALSE(Cache.get("a2").has_value());
  EXPECT_TRUE(Cache.get("a3").has_value());
  // Young temporary files stay (another process may be writing them).
  EXPECT_TRUE(llvm::sys::fs::exists(D.path("ptxas/a9.txt-12345678")));
}
