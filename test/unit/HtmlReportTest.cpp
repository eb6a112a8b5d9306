// Unit tests of the HTML report (warplint/Output/HtmlReport.h): the bank map
// as SVG, escaping, and the page's parts with the right numbers in place.
#include "warplint/Output/HtmlReport.h"
#include "warplint/Model/BankModel.h"
#include "gtest/gtest.h"
#include <regex>

using namespace warplint;
using namespace warplint::model;

namespace {

size_t count(const std::string &S, const std::string &What) {
  size_t N = 0;
  for (size_t P = S.find(What); P != std::string::npos; P = S.find(What, P + 1))
    ++N;
  return N;
}

LaneAddresses strided(int64_t StrideBytes) {
  LaneAddresses L;
  for (unsigned I = 0; I < 32; ++I)
    L.set(I, int64_t(I) * StrideBytes);
  return L;
}

} // namespace

TEST(HtmlReport, BankMapOfAConflictFreeWarp) {
  // Lane i reads word i: one wavefront, every bank once, nothing collides.
  std::string S = bankMapSvg(strided(4), 4, "stride 1");
  EXPECT_EQ(count(S, "class=\"lane\""), 32u);
  EXPECT_EQ(count(S, "class=\"collide\""), 0u);
  EXPECT_NE(S.find("1 wavefront where 1 would do: 1-way"), std::string::npos);
  EXPECT_NE(S.find(">wavefront 1<"), std::string::npos);
  EXPECT_EQ(S.find(">wavefront 2<"), std::string::npos);
}

TEST(HtmlReport, BankMapOfA32WayConflict) {
  // A stride of 32 words: all lanes in bank 0, 32 wavefronts, all colliding;
  // the other banks idle in every row.
  std::string S = bankMapSvg(strided(128), 4, "stride 32");
  EXPECT_EQ(count(S, "class=\"collide\""), 32u);
  EXPECT_EQ(count(S, "class=\"lane\""), 0u);
  EXPECT_EQ(count(S, "fill=\"#f4f4f4\""), 32u * 31u);
  EXPECT_NE(S.find("32 wavefronts where 1 would do: 32-way"),
            std::string::npos);
  EXPECT_NE(S.find(">wavefront 32<"), std::string::npos);
}

TEST(HtmlReport, BankMapOfABroadcastAndOfPhases) {
  // Every lane reads word 0: one wavefront, lane 0 first with '+'.
  std::string B = bankMapSvg(strided(0), 4, "broadcast");
  EXPECT_NE(B.find(">0+<"), std::string::npos);
  EXPECT_EQ(count(B, "class=\"collide\""), 0u);
  // 8-byte accesses at a stride of 8 bytes: two phases of 16 lanes, each
  // conflict-free; rows named by phase.
  std::string P = bankMapSvg(strided(8), 8, "doubles");
  EXPECT_NE(P.find(">p1 wf 1<"), std::string::npos);
  EXPECT_NE(P.find(">p2 wf 2<"), std::string::npos);
  EXPECT_NE(P.find("2 wavefronts where 2 would do: 1-way"), std::string::npos);
}

TEST(HtmlReport, PageHasEachPartWithItsNumbers) {
  HtmlReportFile F;
  F.Path = "/src/k.cu";
  Finding X;
  X.Check = "warplint-bank-conflict";
  X.Level = Severity::Warning;
  X.Loc = {"/src/k.cu", 3, 5};
  X.Message = "32-way bank conflict <in> 'tile'";
  F.Findings.push_back(X);
  SharedAccessInfo A;
  A.Loc = {"/src/k.cu", 3, 5};
  A.Text = "tile[threadIdx.x][0]";
  A.Access = "load";
  A.Function = "k";
  A.Bytes = 4;
  SharedAccessInfo::Run R;
  R.Block = {32, 1, 1};
  R.Kernel = "k";
  R.Result.State = AccessResult::Ok;
  R.Result.Wavefronts = 32;
  R.Result.Phases = 1;
  R.Result.Lanes = strided(128);
  A.Runs.push_back(R);
  F.Accesses.push_back(A);
  SharedAccessInfo U;
  U.Loc = {"/src/k.cu", 4, 5};
  U.Text = "tile[i]";
  U.Access = "store";
  U.Function = "k";
  U.WhyUnknown = "'i' is read from global memory";
  F.Accesses.push_back(U);
  LaunchInfo L;
  L.Loc = {"/src/k.cu", 9, 3};
  L.What = "launch of 'k'";
  L.Kernel = "k";
  L.Block = "32";
  L.Threads = 32;
  LaunchInfo::Arch Ar;
  Ar.Name = "sm_90";
  Ar.Registers = 40;
  Ar.Occupancy = 0.5;
  Ar.ActiveBlocks = 32;
  Ar.ActiveWarps = 32;
  Ar.MaxWarps = 64;
  Ar.Limiter = "blocks";
  L.Archs.push_back(Ar);
  F.Launches.push_back(L);

  HtmlReportOptions O;
  O.Generator = "warplint test";
  O.ReadSource = [](const std::string &) {
    return std::string("#include <cuda.h>\n__global__ void k() {\n  x = "
                       "tile[threadIdx.x][0];\n  tile[i] = 1;\n}\n");
  };
  unsigned ChartCalls = 0;
  O.Charts = [&](const LaunchInfo &, const LaunchInfo::Arch &A) {
    ++ChartCalls;
    return "<svg class=\"chart-" + A.Name + "\"></svg>";
  };
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeHtmlReport(OS, {F}, O);

  EXPECT_EQ(S.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(S.find("1 warning and 0 errors in 1 file; 2 shared-memory "
                   "accesses analysed, 1 unknown; 1 launch."),
            std::string::npos);
  // Escaped message, the source line marked, the check named.
  EXPECT_NE(S.find("32-way bank conflict &lt;in&gt; &apos;tile&apos;"),
            std::string::npos);
  EXPECT_NE(S.find("<span class=\"hit\">    3 |   x = tile[threadIdx.x][0];"),
            std::string::npos);
  // One bank map (the conflicting access), the chart of the one
  // architecture, the unknown access with its reason.
  EXPECT_EQ(count(S, "class=\"bankmap\""), 1u);
  EXPECT_EQ(ChartCalls, 1u);
  EXPECT_NE(S.find("chart-sm_90"), std::string::npos);
  EXPECT_NE(S.find("&apos;i&apos; is read from global memory"),
            std::string::npos);
  // The occupancy row and the kernel table.
  EXPECT_NE(S.find("<td class=\"num\">50.0%</td><td>blocks</td>"),
            std::string::npos);
  EXPECT_NE(S.find("50.0% on sm_90 (limited by blocks)"), std::string::npos);
  EXPECT_NE(S.find("32-way at 3"), std::string::npos);
  EXPECT_NE(S.find("<tr data-arch=\"sm_90\" data-occupancy=\"0.5000\" "
                   "data-blocks=\"32\" data-warps=\"32\" "
                   "data-registers=\"40\">"),
            std::string::npos);
  EXPECT_NE(S.find("data-line=\"3\" data-degree=\"32.000\""),
            std::string::npos);
  // Without a renderer of its own: the calculator's three charts.
  O.Charts = nullptr;
  std::string D;
  llvm::raw_string_ostream DS(D);
  writeHtmlReport(DS, {F}, O);
  EXPECT_EQ(count(D, "class=\"occupancy-chart\""), 3u);
  EXPECT_EQ(count(D, "circle class=\"current\""), 3u);
  // Self-contained: no external reference of any kind.
  EXPECT_FALSE(std::regex_search(
      S, std::regex("(src|href)=\"(https?:)?//|@import|url\\(")));
}
