// Unit tests of the occupancy calculator, `warplint occupancy`
// (warplint/Calculator/OccupancyCalculator.h); its command line is tested in
// test/occupancy-calculator/. Not the check warplint-occupancy.
#include "warplint/Calculator/OccupancyCalculator.h"
#include "llvm/Support/JSON.h"
#include "gtest/gtest.h"

using namespace warplint;
using namespace warplint::calc;
using namespace warplint::model;

namespace {

const SmArch &arch(llvm::StringRef Name) {
  auto A = lookupSmArch(Name);
  if (!A) {
    ADD_FAILURE() << llvm::toString(A.takeError());
    return allSmArchs().front();
  }
  return **A;
}

/// One launch through printOccupancy or writeOccupancyJson.
std::string launch(llvm::StringRef Arch, uint64_t Threads, uint64_t Regs,
                   uint64_t Smem, bool Json) {
  OccupancyInput In;
  In.Threads = Threads;
  In.Regs = Regs;
  In.Smem = Smem;
  const SmArch &A = arch(Arch);
  OccupancyResult R = computeOccupancy(A, In);
  OccupancySteps S = occupancySteps(A, In, R);
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  if (Json)
    writeOccupancyJson(OS, A, In, R, S);
  else
    printOccupancy(OS, A, In, R, S);
  return Out;
}

std::vector<std::string> lines(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Text.split(Parts, '\n', -1, /*KeepEmpty=*/false);
  return {Parts.begin(), Parts.end()};
}

// What ptxas -v printed for two kernels and a device function, sm_80.
const char Report[] =
    "ptxas info    : 0 bytes gmem\n"
    "ptxas info    : Compiling entry function '_Z5lightPKfPf' for 'sm_80'\n"
    "ptxas info    : Function properties for _Z5lightPKfPf\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 10 registers, used 0 barriers, 368 bytes cmem[0]\n"
    "ptxas info    : Compiling entry function '_Z5heavyPKfPf' for 'sm_80'\n"
    "ptxas info    : Function properties for _Z5heavyPKfPf\n"
    "    48 bytes stack frame, 84 bytes spill stores, 84 bytes spill loads\n"
    "ptxas info    : Used 128 registers, used 1 barriers, 4096 bytes smem, "
    "368 bytes cmem[0]\n";

std::string summary(const ReportSummaryOptions &O) {
  auto Rep = ptxas::parseReport(Report);
  if (!Rep) {
    ADD_FAILURE() << llvm::toString(Rep.takeError());
    return "";
  }
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  summariseReport(OS, *Rep, O);
  return Out;
}

/// writeSweep of one launch on sm_90.
std::string sweep(uint64_t Threads, uint64_t Regs, uint64_t Smem,
                  SweepAxis Axis, SweepFormat F) {
  OccupancyInput In;
  In.Threads = Threads;
  In.Regs = Regs;
  In.Smem = Smem;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  writeSweep(OS, arch("sm_90"), In, Axis, F);
  return Out;
}

} // namespace

TEST(OccupancyCalculatorTest, ParseCount) {
  EXPECT_EQ(parseCount("256", false), 256u);
  EXPECT_EQ(parseCount(" 7 ", false), 7u);
  EXPECT_EQ(parseCount("0", false), 0u);
  EXPECT_EQ(parseCount("48K", true), 49152u);
  EXPECT_EQ(parseCount("16kb", true), 16384u);
  EXPECT_EQ(parseCount("1KB", true), 1024u);
  EXPECT_EQ(parseCount("1125899906842624", false), uint64_t(1) << 50);
  for (const char *S :
       {"", "-1", "1.5", "lots", "12KBX", "0x10", "1125899906842625", "K"})
    EXPECT_FALSE(parseCount(S, true).has_value()) << '"' << S << '"';
  // A suffix only for sizes.
  EXPECT_FALSE(parseCount("48K", false).has_value());
}

TEST(OccupancyCalculatorTest, TextOfOneLaunch) {
  // The example of the README.
  EXPECT_EQ(
      launch("sm_90", 256, 72, 49152, /*Json=*/false),
      "sm_90 (compute capability 9.0): 256 threads, 72 registers per thread, "
      "49152 bytes (48 KB) of shared memory per block\n"
      "  occupancy: 37.5%, 3 blocks of 8 warps = 24 of 64 warps per SM\n"
      "  limited by: registers\n"
      "  blocks per SM allowed by warps 8, blocks 32, registers 3, shared "
      "memory 4, barriers 64\n"
      "  allocated per block: 18432 registers, 50176 bytes of shared memory "
      "(with the 1024 bytes the driver reserves)\n"
      "  shared-memory carveout: 228 KB with the default preference; the "
      "smallest that keeps 3 blocks is 164 KB (carveout 58%)\n"
      "steps:\n"
      "  keep 37.5%: at most 80 registers per thread, at most 76800 bytes "
      "(75 KB) of shared memory per block\n"
      "  next level: 4 blocks, 32 warps (50.0%), with at most 64 registers "
      "per thread (now 72) and at most 57344 bytes (56 KB) of shared memory "
      "(now 49152)\n"
      "  best block size: 896 threads, 28 warps per SM (43.8%)\n");
}

TEST(OccupancyCalculatorTest, TextOfALaunchThatCannotRun) {
  std::vector<std::string> L = lines(launch("sm_80", 2048, 32, 0, false));
  ASSERT_EQ(L.size(), 2u);
  EXPECT_EQ(L[1], "  cannot run: a block of 2048 threads is above the limit "
                  "of 1024 threads per block");
}

TEST(OccupancyCalculatorTest, JsonOfOneLaunch) {
  auto V = llvm::json::parse(launch("sm_90", 256, 72, 49152, /*Json=*/true));
  ASSERT_TRUE(bool(V)) << llvm::toString(V.takeError());
  const llvm::json::Object *O = V->getAsObject();
  ASSERT_TRUE(O);
  EXPECT_EQ(O->getString("arch"), "sm_90");
  EXPECT_EQ(O->getInteger("activeBlocksPerSM"), 3);
  EXPECT_EQ(O->getNumber("occupancy"), 0.375);
  EXPECT_EQ(O->getString("limiter"), "registers");
  EXPECT_EQ(O->getInteger("registersPerBlock"), 18432);
  const llvm::json::Object *Steps = O->getObject("steps");
  ASSERT_TRUE(Steps);
  ASSERT_TRUE(Steps->getObject("next"));
  EXPECT_EQ(Steps->getObject("next")->getInteger("activeBlocksPerSM"), 4);
  EXPECT_EQ(Steps->getInteger("bestThreads"), 896);

  // No steps for a launch that cannot run; its error instead.
  V = llvm::json::parse(launch("sm_90", 32, 0, 300000, /*Json=*/true));
  ASSERT_TRUE(bool(V)) << llvm::toString(V.takeError());
  O = V->getAsObject();
  ASSERT_TRUE(O);
  EXPECT_EQ(O->getInteger("activeBlocksPerSM"), 0);
  EXPECT_TRUE(O->getString("error").has_value());
  EXPECT_FALSE(O->getObject("steps"));
}

TEST(OccupancyCalculatorTest, BatchLinesAndErrors) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  EXPECT_FALSE(writeBatch(OS,
                          "# ARCH THREADS REGS SMEM\n"
                          "sm_80 256 32 0\n"
                          "\n"
                          "sm_99 1 1 1\n"
                          "sm_86\t128\t96\t16K\n"
                          "sm_80 256\n"
                          "sm_90 32 0 0 65\n",
                          /*Steps=*/false));
  std::vector<std::string> L = lines(Out);
  ASSERT_EQ(L.size(), 5u);
  EXPECT_EQ(L[0].rfind("{\"line\":2,\"arch\":\"sm_80\",\"threads\":256,", 0),
            0u)
      << L[0];
  EXPECT_NE(L[0].find("\"occupancy\":1,"), std::string::npos) << L[0];
  EXPECT_EQ(L[0].find("steps"), std::string::npos) << L[0];
  EXPECT_EQ(L[1].rfind("{\"line\":4,\"input\":\"sm_99 1 1 1\",\"error\":"
                       "\"unknown GPU architecture 'sm_99'; known: sm_50",
                       0),
            0u)
      << L[1];
  EXPECT_NE(L[2].find("\"line\":5,\"arch\":\"sm_86\""), std::string::npos)
      << L[2];
  EXPECT_NE(L[2].find("\"smem\":16384"), std::string::npos) << L[2];
  EXPECT_EQ(L[3], "{\"line\":6,\"input\":\"sm_80 256\",\"error\":\"expected "
                  "'ARCH THREADS REGS SMEM [BARRIERS]', got 2 fields\"}");
  EXPECT_EQ(L[4], "{\"line\":7,\"input\":\"sm_90 32 0 0 65\",\"error\":"
                  "\"BARRIERS is not a number from 0 to 64: '65'\"}");

  // Every line read: true; with Steps, the steps.
  Out.clear();
  EXPECT_TRUE(writeBatch(OS, "sm_90 256 72 49152\n", /*Steps=*/true));
  L = lines(Out);
  ASSERT_EQ(L.size(), 1u);
  EXPECT_NE(L[0].find("\"steps\":{\"maxRegsSameOccupancy\":80,"),
            std::string::npos)
      << L[0];
}

TEST(OccupancyCalculatorTest, ReportAsText) {
  ReportSummaryOptions O;
  O.Name = "k.txt";
  std::vector<std::string> L = lines(summary(O));
  ASSERT_EQ(L.size(), 2u);
  EXPECT_EQ(L[0], "kernel light (_Z5lightPKfPf) for sm_80: 10 registers, 0 "
                  "barriers, 0 bytes stack");
  EXPECT_EQ(L[1], "kernel heavy (_Z5heavyPKfPf) for sm_80: 128 registers, 1 "
                  "barriers, 4096 bytes smem, 48 bytes stack, spills 84 bytes "
                  "stored, 84 loaded");

  // With a block size, each kernel's occupancy on its own architecture,
  // with the dynamic shared memory added to the static.
  O.Threads = 256;
  O.DynamicSmem = 1024;
  L = lines(summary(O));
  ASSERT_EQ(L.size(), 4u);
  EXPECT_EQ(L[1], "  256 threads: occupancy 100.0% (64 of 64 warps), "
                  "limited by warps");
  EXPECT_EQ(L[3], "  256 threads: occupancy 25.0% (16 of 64 warps), "
                  "limited by registers");

  // --arch: every kernel on that architecture.
  O.Arch = &arch("sm_75");
  L = lines(summary(O));
  ASSERT_EQ(L.size(), 4u);
  EXPECT_EQ(L[1], "  256 threads: occupancy 100.0% (32 of 32 warps), "
                  "limited by warps");
}

TEST(OccupancyCalculatorTest, ReportAsJson) {
  ReportSummaryOptions O;
  O.Json = true;
  O.Threads = 128;
  auto V = llvm::json::parse(summary(O));
  ASSERT_TRUE(bool(V)) << llvm::toString(V.takeError());
  const llvm::json::Object *Root = V->getAsObject();
  ASSERT_TRUE(Root);
  const llvm::json::Array *Functions = Root->getArray("functions");
  ASSERT_TRUE(Functions);
  ASSERT_EQ(Functions->size(), 2u);
  const llvm::json::Object *Heavy = (*Functions)[1].getAsObject();
  ASSERT_TRUE(Heavy);
  EXPECT_EQ(Heavy->getString("mangledName"), "_Z5heavyPKfPf");
  EXPECT_EQ(Heavy->getString("kind"), "kernel");
  EXPECT_EQ(Heavy->getInteger("registers"), 128);
  EXPECT_EQ(Heavy->getInteger("spillStores"), 84);
  EXPECT_EQ(Heavy->getInteger("smem"), 4096);
  const llvm::json::Object *Occ = Heavy->getObject("occupancy");
  ASSERT_TRUE(Occ);
  EXPECT_EQ(Occ->getString("arch"), "sm_80");
  EXPECT_EQ(Occ->getInteger("threads"), 128);
  EXPECT_EQ(Occ->getString("limiter"), "registers");
  ASSERT_TRUE(Root->getArray("modules"));
  EXPECT_EQ(Root->getArray("modules")->size(), 1u);
  ASSERT_TRUE(Root->getArray("diagnostics"));
  EXPECT_TRUE(Root->getArray("diagnostics")->empty());
}

TEST(OccupancyCalculatorTest, SweepText) {
  auto L = lines(sweep(256, 72, 49152, SweepAxis::Regs, SweepFormat::Text));
  ASSERT_EQ(L.size(), 2u + 255u);
  EXPECT_EQ(L[1], "      regs  blocks  warps  occupancy  limited by");
  EXPECT_EQ(L[2 + 71], "*       72       3     24      37.5%  registers  "
                       "<- this launch");
  unsigned Marked = 0;
  for (const std::string &Line : L)
    Marked += llvm::StringRef(Line).contains("<- this launch");
  EXPECT_EQ(Marked, 1u);
}

TEST(OccupancyCalculatorTest, SweepCsvQuotesErrors) {
  auto L = lines(sweep(256, 72, 0, SweepAxis::Threads, SweepFormat::Csv));
  ASSERT_EQ(L.size(), 1u + 32u);
  EXPECT_EQ(L[0], "arch,threads,regs,smem,barriers,activeBlocksPerSM,"
                  "activeWarpsPerSM,maxWarpsPerSM,occupancyPercent,limiter,"
                  "limiters,current,error");
  EXPECT_EQ(L[8], "sm_90,256,72,0,1,3,24,64,37.5,registers,registers,1,");
  // 1024 threads of 72 registers cannot run; the reason has commas.
  EXPECT_EQ(L[32], "sm_90,1024,72,0,1,0,0,64,0.0,,,0,\"1024 threads with 72 "
                   "registers each need 73728 registers per block (per warp "
                   "rounded up to 256, warps to a multiple of 4), above the "
                   "limit of 65536 on sm_90\"");
}

TEST(OccupancyCalculatorTest, SweepJson) {
  std::string Out = sweep(100, 32, 0, SweepAxis::Threads, SweepFormat::Json);
  auto V = llvm::json::parse(Out);
  ASSERT_TRUE(bool(V)) << llvm::toString(V.takeError());
  const llvm::json::Object *O = V->getAsObject();
  ASSERT_TRUE(O);
  EXPECT_EQ(O->getString("sweep"), "threads");
  EXPECT_EQ(O->getInteger("threads"), 100);
  const llvm::json::Array *Points = O->getArray("points");
  ASSERT_TRUE(Points);
  ASSERT_EQ(Points->size(), 33u); // 32 steps and 100 threads between two
  const llvm::json::Object *P = (*Points)[3].getAsObject();
  ASSERT_TRUE(P);
  EXPECT_EQ(P->getInteger("threads"), 100);
  EXPECT_EQ(P->getBoolean("current"), true);
  EXPECT_EQ(P->getInteger("activeWarpsPerSM"),
            O->getObject("current")->getInteger("activeWarpsPerSM"));
  EXPECT_FALSE((*Points)[2].getAsObject()->get("current"));
}
