// Unit tests of the occupancy charts (warplint/Output/OccupancyCharts.h):
// escaping, the structure of one chart and of the three, where the launch's
// marker goes, and what a launch that cannot run draws. The command line
// (--plot) and the SVG's well-formedness under an XML parser are
// test/occupancy-calculator/sweep.test.
#include "warplint/Output/OccupancyCharts.h"
#include "llvm/Support/FormatVariadic.h"
#include "gtest/gtest.h"

using namespace warplint;
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

OccupancyInput input(uint64_t Threads, uint64_t Regs, uint64_t Smem) {
  OccupancyInput In;
  In.Threads = Threads;
  In.Regs = Regs;
  In.Smem = Smem;
  return In;
}

size_t occurrences(llvm::StringRef Text, llvm::StringRef What) {
  return Text.count(What);
}

TEST(OccupancyChartsTest, XmlEscape) {
  EXPECT_EQ(xmlEscape("a<b & c>\"d'"), "a&lt;b &amp; c&gt;&quot;d&apos;");
  EXPECT_EQ(xmlEscape("tab\tok\x01"), "tab\tok\xEF\xBF\xBD");
  // Not UTF-8: replaced, so that the file stays readable as XML.
  EXPECT_EQ(xmlEscape("x\xFFy"), "x\xEF\xBF\xBDy");
  EXPECT_EQ(xmlEscape("48 KB \xC3\xA9"), "48 KB \xC3\xA9");
}

TEST(OccupancyChartsTest, OneChart) {
  const SmArch &H = arch("sm_90");
  std::string S =
      occupancyChartSvg(H, input(256, 72, 49152), SweepAxis::Regs, {400, 300});
  llvm::StringRef T(S);
  EXPECT_TRUE(T.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
  EXPECT_TRUE(T.ends_with("</svg>\n"));
  EXPECT_EQ(occurrences(T, "<svg"), 1u);
  EXPECT_EQ(occurrences(T, "http"), 1u); // the namespace only
  EXPECT_EQ(occurrences(T, "<script"), 0u);
  EXPECT_EQ(occurrences(T, "<style"), 0u);
  EXPECT_EQ(occurrences(T, "data-sweep=\"regs\""), 1u);
  EXPECT_EQ(occurrences(T, "class=\"curve\""), 1u);
  EXPECT_EQ(occurrences(T, "class=\"current\""), 1u);
  EXPECT_TRUE(T.contains("this launch, 72 registers: 37.5% (24/64 warps)"));
  EXPECT_TRUE(T.contains(">limited by registers<"));
  EXPECT_TRUE(T.contains("width=\"400.0\" height=\"300.0\""));
  // 72 of 255 registers across the plot area (52 to 382), 37.5% up it (238
  // to 62).
  std::string Marker = llvm::formatv("cx=\"{0:F1}\" cy=\"{1:F1}\"",
                                     52 + 330.0 * 72 / 255, 238 - 176 * 0.375)
                           .str();
  EXPECT_TRUE(T.contains(Marker)) << Marker;
  // The limiter band names both limiters of the curve: shared memory up to
  // 64 registers, registers above.
  EXPECT_TRUE(T.contains("data-limiter=\"shared-memory\""));
  EXPECT_TRUE(T.contains("data-limiter=\"registers\""));
}

TEST(OccupancyChartsTest, SmallSizesAreRaised) {
  std::string S = occupancyChartSvg(arch("sm_80"), input(128, 32, 0),
                                    SweepAxis::Threads, {10, 10});
  EXPECT_TRUE(llvm::StringRef(S).contains("width=\"200.0\" height=\"150.0\""));
}

TEST(OccupancyChartsTest, ThreeCharts) {
  std::string S =
      occupancyChartsSvg(arch("sm_90"), input(256, 72, 49152), {300, 200});
  llvm::StringRef T(S);
  EXPECT_EQ(occurrences(T, "<svg"), 4u);
  EXPECT_EQ(occurrences(T, "</svg>"), 4u);
  EXPECT_EQ(occurrences(T, "xmlns="), 1u);
  EXPECT_EQ(occurrences(T, "class=\"occupancy-chart\""), 3u);
  EXPECT_EQ(occurrences(T, "class=\"current\""), 3u);
  EXPECT_TRUE(T.contains("width=\"900.0\" height=\"230.0\""));
  size_t Threads = T.find("data-sweep=\"threads\""),
         Regs = T.find("data-sweep=\"regs\""),
         Smem = T.find("data-sweep=\"smem\"");
  EXPECT_LT(Threads, Regs);
  EXPECT_LT(Regs, Smem);
  EXPECT_NE(Smem, llvm::StringRef::npos);
  EXPECT_TRUE(T.contains("sm_90 (9.0): 256 threads, 72 registers per thread, "
                         "48 KB of shared memory per block, 1 barrier: 37.5% "
                         "(24 of 64 warps), limited by registers"));
  // The title's font shrinks to fit 900 pixels: 140 characters at about
  // 0.56 em each.
  EXPECT_TRUE(T.contains("font-size=\"11.5\" fill=\"#333333\">sm_90 (9.0)"));
  std::string Doc =
      occupancyChartsSvgDocument(arch("sm_90"), input(256, 72, 49152));
  EXPECT_TRUE(llvm::StringRef(Doc).starts_with(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "));
}

TEST(OccupancyChartsTest, LaunchThatCannotRun) {
  // 2048 threads: off the block-size axis, so that chart has no marker;
  // the others mark the launch at 0%, and every chart says why.
  std::string S = occupancyChartsSvg(arch("sm_80"), input(2048, 32, 0));
  llvm::StringRef T(S);
  EXPECT_EQ(occurrences(T, "class=\"current\""), 2u);
  EXPECT_EQ(occurrences(T, ">cannot run: too many threads per block<"), 3u);
  EXPECT_TRUE(T.contains("cannot run (a block of 2048 threads is above the "
                         "limit of 1024 threads per block)"));
  // 1024 threads of 65 registers cannot run: the register curve's band
  // says so from 65 up.
  std::string R =
      occupancyChartSvg(arch("sm_80"), input(1024, 32, 0), SweepAxis::Regs);
  EXPECT_TRUE(llvm::StringRef(R).contains("data-limiter=\"cannot run\""));
}

} // namespace
