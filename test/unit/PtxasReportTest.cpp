// Unit tests of the ptxas report parser (warplint/Ptxas/PtxasReport.h): each
// line shape, demangling, and every error path. The lit tests of test/ptxas
// run it on real nvcc 13 output.
#include "warplint/Ptxas/PtxasReport.h"
#include "gtest/gtest.h"

using namespace warplint::ptxas;

static Report parse(llvm::StringRef Text) {
  auto R = parseReport(Text);
  if (!R) {
    ADD_FAILURE() << llvm::toString(R.takeError());
    return Report();
  }
  return std::move(*R);
}

static const char Sm80[] =
    "ptxas info    : 4 bytes gmem, 64 bytes cmem[3], 8 bytes cmem[4]\n"
    "ptxas info    : Compiling entry function '_Z6spillsPKfPfi' for 'sm_80'\n"
    "ptxas info    : Function properties for _Z6spillsPKfPfi\n"
    "    1552 bytes stack frame, 1900 bytes spill stores, 3036 bytes spill "
    "loads\n"
    "ptxas info    : Used 32 registers, used 0 barriers, 1552 bytes "
    "cumulative stack size, 372 bytes cmem[0]\n"
    "ptxas info    : Compile time = 305.585 ms\n"
    "ptxas info    : Compiling entry function 'reduce_sum' for 'sm_80'\n"
    "ptxas info    : Function properties for reduce_sum\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 10 registers, used 1 barriers, 372 bytes cmem[0]\n"
    "ptxas info    : Compiling entry function "
    "'_Z13transposeTileIfLi32EEvPT_PKS0_ii' for 'sm_80'\n"
    "ptxas info    : Function properties for "
    "_Z13transposeTileIfLi32EEvPT_PKS0_ii\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 10 registers, used 1 barriers, 4224 bytes smem, 376 "
    "bytes cmem[0]\n"
    "ptxas info    : Function properties for _Z5scaleff\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n";

TEST(PtxasReportTest, EveryFieldOfOneModule) {
  Report R = parse(Sm80);
  EXPECT_TRUE(R.Diagnostics.empty());
  ASSERT_EQ(R.Modules.size(), 1u);
  EXPECT_EQ(R.Modules[0].Gmem, 4u);
  EXPECT_EQ(R.Modules[0].Arch, "sm_80");
  ASSERT_EQ(R.Modules[0].Cmem.size(), 2u);
  EXPECT_EQ(R.Modules[0].Cmem[0], std::make_pair(3u, uint64_t(64)));
  ASSERT_EQ(R.Functions.size(), 4u);

  const Function &S = R.Functions[0];
  EXPECT_EQ(S.Mangled, "_Z6spillsPKfPfi");
  EXPECT_EQ(S.Name, "spills");
  EXPECT_EQ(S.Demangled, "spills(float const*, float*, int)");
  EXPECT_TRUE(S.IsKernel);
  EXPECT_EQ(S.Arch, "sm_80");
  EXPECT_EQ(S.Line, 2u);
  EXPECT_EQ(S.Registers, 32u);
  EXPECT_EQ(S.Barriers, 0u);
  EXPECT_EQ(S.StackFrame, 1552u);
  EXPECT_EQ(S.SpillStores, 1900u);
  EXPECT_EQ(S.SpillLoads, 3036u);
  EXPECT_EQ(S.CumulativeStack, 1552u);
  EXPECT_FALSE(S.Smem);
  ASSERT_EQ(S.Cmem.size(), 1u);
  EXPECT_EQ(S.Cmem[0], std::make_pair(0u, uint64_t(372)));
  ASSERT_TRUE(S.CompileTimeMs);
  EXPECT_DOUBLE_EQ(*S.CompileTimeMs, 305.585);

  // extern "C": its own name.
  const Function &C = R.Functions[1];
  EXPECT_EQ(C.Name, "reduce_sum");
  EXPECT_EQ(C.Demangled, "reduce_sum");
  EXPECT_EQ(C.Barriers, 1u);

  // A template instantiation.
  const Function &T = R.Functions[2];
  EXPECT_EQ(T.Name, "transposeTile<float, 32>");
  EXPECT_EQ(T.BaseName, "transposeTile");
  EXPECT_EQ(T.TemplateArgs, "<float, 32>");
  EXPECT_EQ(T.Demangled,
            "void transposeTile<float, 32>(float*, float const*, int, int)");
  EXPECT_EQ(T.Smem, 4224u);

  // A device function: properties without an entry.
  const Function &D = R.Functions[3];
  EXPECT_FALSE(D.IsKernel);
  EXPECT_EQ(D.Name, "scale");
  EXPECT_EQ(D.Arch, "sm_80");
  EXPECT_EQ(D.StackFrame, 0u);
  EXPECT_FALSE(D.Registers);

  EXPECT_EQ(R.find("transposeTile")->Smem, 4224u);
  EXPECT_EQ(R.find("transposeTile<float, 32>", "sm_80"), &T);
  EXPECT_EQ(R.find("_Z6spillsPKfPfi"), &S);
  EXPECT_EQ(R.find("spills", "sm_90"), nullptr);
}

TEST(PtxasReportTest, NamespacesAndSeveralTargets) {
  Report R = parse(
      "ptxas info    : 0 bytes gmem\n"
      "ptxas info    : Function properties for _ZN4math3fibEi\n"
      "    24 bytes stack frame, 20 bytes spill stores, 20 bytes spill loads\n"
      "ptxas info    : Compiling entry function '_ZN4math4fibsILi4EEEvPi' for "
      "'sm_75'\n"
      "ptxas info    : Used 24 registers, used 0 barriers, 360 bytes cmem[0]\n"
      "ptxas info    : 0 bytes gmem\n"
      "ptxas info    : Compiling entry function '_ZN4math4fibsILi4EEEvPi' for "
      "'sm_90'\n"
      "ptxas info    : Used 26 registers, used 0 barriers\n");
  EXPECT_TRUE(R.Diagnostics.empty());
  ASSERT_EQ(R.Functions.size(), 3u);
  EXPECT_EQ(R.Functions[0].Name, "math::fib");
  // Printed before its module's first entry: the architecture comes after.
  EXPECT_EQ(R.Functions[0].Arch, "sm_75");
  EXPECT_EQ(R.Functions[0].StackFrame, 24u);
  EXPECT_EQ(R.Functions[1].Name, "math::fibs<4>");
  EXPECT_EQ(R.Functions[1].BaseName, "math::fibs");
  EXPECT_EQ(R.Functions[1].TemplateArgs, "<4>");
  EXPECT_EQ(R.find("math::fibs", "sm_75")->Registers, 24u);
  EXPECT_EQ(R.find("math::fibs", "sm_90")->Registers, 26u);
  EXPECT_TRUE(R.find("math::fibs", "sm_90")->Cmem.empty());
  ASSERT_EQ(R.Modules.size(), 2u);
  EXPECT_EQ(R.Modules[1].Arch, "sm_90");
}

TEST(PtxasReportTest, OlderReportsWithoutBarriers) {
  Report R = parse(
      "ptxas info    : Compiling entry function '_Z3fooPi' for 'sm_52'\r\n"
      "ptxas info    : Function properties for _Z3fooPi\r\n"
      "    8 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\r\n"
      "ptxas info    : Used 4 registers, 16 bytes lmem, 352 bytes cmem[0], 4 "
      "bytes cmem[2]\r\n");
  EXPECT_TRUE(R.Diagnostics.empty());
  ASSERT_EQ(R.Functions.size(), 1u);
  EXPECT_EQ(R.Functions[0].Registers, 4u);
  EXPECT_FALSE(R.Functions[0].Barriers);
  EXPECT_EQ(R.Functions[0].Lmem, 16u);
  EXPECT_EQ(R.Functions[0].Cmem.size(), 2u);
  EXPECT_EQ(R.Functions[0].StackFrame, 8u);
  EXPECT_TRUE(R.Modules.empty());
}

TEST(PtxasReportTest, ErrorsWarningsAndNotes) {
  Report R = parse(
      "ptxas warning : Value of threads per SM for entry _Z6spillsPKfPfi is "
      "out of range. .minnctapersm will be ignored\n"
      "ptxas info    : Overriding maximum register limit 256 for 'reduce_sum' "
      "with  24 of maxrregcount option\n"
      "ptxas error   : Entry function '_Z6tooBigPf' uses too much shared data "
      "(0x50000 bytes, 0xc000 max)\n"
      "ptxas fatal   : Ptx assembly aborted due to errors\n");
  ASSERT_EQ(R.Diagnostics.size(), 4u);
  EXPECT_EQ(R.Diagnostics[0].K, Diagnostic::Warning);
  EXPECT_EQ(R.Diagnostics[0].Line, 1u);
  EXPECT_EQ(R.Diagnostics[1].K, Diagnostic::Note);
  EXPECT_EQ(R.Diagnostics[2].K, Diagnostic::Error);
  EXPECT_EQ(R.Diagnostics[2].Message,
            "Entry function '_Z6tooBigPf' uses too much shared data (0x50000 "
            "bytes, 0xc000 max)");
  EXPECT_EQ(R.Diagnostics[3].K, Diagnostic::Error);
  EXPECT_EQ(R.count(Diagnostic::Error), 2u);
  EXPECT_EQ(Diagnostic::kindName(Diagnostic::Unrecognized), "unrecognized");
}

TEST(PtxasReportTest, GarbageIsReportedNotFatal) {
  // Another tool's lines and ptxas lines the parser does not know are
  // unrecognized (harmless); lines that show the report damaged are errors.
  Report R = parse(
      "kernels.cu(7): error: A __global__ function cannot be a member\n"
      "ptxas info    : Used 4 registers\n" // before any function
      "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Compiling entry function '_Z1kv for 'sm_80'\n"
      "ptxas info    : Compiling entry function 'k' for 'sm_80'\n"
      "ptxas info    : Used x registers, used 2 barriers, 12 bytes wmem, 9 "
      "bytes cmem[z]\n"
      "ptxas info    : Compile time = soon\n"
      "ptxas info    : Function properties for \n"
      "ptxas info    : Something new\n"
      "ptxas info    : 1 bytes gmem, 2 bytes tmem\n"
      "ptxas info    : Function properties for k2\n"
      "    1 bytes stack frame, 2 bytes heap\n"
      "\n"
      "1 error detected in the compilation of \"kernels.cu\".\n");
  ASSERT_EQ(R.Functions.size(), 2u);
  EXPECT_EQ(R.Functions[0].Mangled, "k");
  EXPECT_EQ(R.Functions[0].Barriers, 2u); // the good items survive
  EXPECT_FALSE(R.Functions[0].Registers);
  EXPECT_EQ(R.Functions[1].StackFrame, 1u);
  std::vector<std::pair<unsigned, Diagnostic::Kind>> Got;
  for (const Diagnostic &D : R.Diagnostics)
    Got.push_back({D.Line, D.K});
  const auto E = Diagnostic::Error, U = Diagnostic::Unrecognized;
  EXPECT_EQ(Got, (std::vector<std::pair<unsigned, Diagnostic::Kind>>{{1, U},
                                                                     {2, E},
                                                                     {3, E},
                                                                     {4, E},
                                                                     {6, E},
                                                                     {6, U},
                                                                     {6, U},
                                                                     {7, U},
                                                                     {8, E},
                                                                     {9, U},
                                                                     {10, U},
                                                                     {12, U},
                                                                     {14, U}}));
  EXPECT_EQ(R.Diagnostics[0].Message,
            "kernels.cu(7): error: A __global__ function cannot be a member");
  EXPECT_EQ(R.Diagnostics[4].Message,
            "bad register count 'x' for k (at most 255)");
}

TEST(PtxasReportTest, MalformedEntryKeepsItsUsedLineFromThePreviousKernel) {
  // The Used line after an entry line without a name belongs to no known
  // function: it must not overwrite the previous kernel's registers.
  Report R = parse("ptxas info    : Compiling entry function '_Z1kv' for "
                   "'sm_80'\n"
                   "ptxas info    : Used 12 registers\n"
                   "ptxas info    : Compiling entry function for 'sm_80'\n"
                   "ptxas info    : Used 200 registers\n");
  ASSERT_EQ(R.Functions.size(), 1u);
  EXPECT_EQ(R.Functions[0].Registers, 12u);
  EXPECT_EQ(R.count(Diagnostic::Error), 2u);
}

TEST(PtxasReportTest, TruncatedReportsAreErrors) {
  // Cut after an entry line, or after "Function properties": the kernel has
  // no register count, which would leave it unchecked without a word.
  Report R = parse("ptxas info    : Compiling entry function '_Z1kv' for "
                   "'sm_80'\n"
                   "ptxas info    : Function properties for _Z1kv\n"
                   "    0 bytes stack frame, 0 bytes spill stores, 0 bytes "
                   "spill loads\n"
                   "ptxas info    : Used 12 registers\n"
                   "ptxas info    : Compiling entry function '_Z1gv' for "
                   "'sm_90'\n"
                   "ptxas info    : Function properties for _Z1gv\n");
  ASSERT_EQ(R.Functions.size(), 2u);
  EXPECT_EQ(R.Functions[0].Registers, 12u);
  ASSERT_EQ(R.Diagnostics.size(), 2u);
  EXPECT_EQ(R.Diagnostics[0].K, Diagnostic::Error);
  EXPECT_EQ(R.Diagnostics[0].Line, 5u);
  EXPECT_EQ(R.Diagnostics[0].Message,
            "no 'Used N registers' line for entry function _Z1gv for sm_90 "
            "(a truncated or damaged report)");
  EXPECT_EQ(R.Diagnostics[1].Line, 6u);
  EXPECT_EQ(R.Diagnostics[1].Message,
            "no stack frame and spill line after 'Function properties for "
            "_Z1gv' (a truncated or damaged report)");

  // A property line that does not follow its "Function properties" line.
  Report P = parse("ptxas info    : Compiling entry function 'k' for "
                   "'sm_80'\n"
                   "ptxas info    : Function properties for k\n"
                   "ptxas info    : Used 12 registers\n");
  ASSERT_EQ(P.Diagnostics.size(), 1u);
  EXPECT_EQ(P.Diagnostics[0].Line, 2u);
  EXPECT_EQ(P.Diagnostics[0].K, Diagnostic::Error);
  EXPECT_EQ(P.Functions[0].Registers, 12u);
}

TEST(PtxasReportTest, BadByteCountsAreErrors) {
  // A size that is not a number would otherwise count as 0 bytes.
  Report R = parse("ptxas info    : Compiling entry function 'k' for "
                   "'sm_80'\n"
                   "ptxas info    : Function properties for k\n"
                   "    -8 bytes stack frame, 0 bytes spill stores, x bytes "
                   "spill loads\n"
                   "ptxas info    : Used 12 registers, 99999999999999999999 "
                   "bytes smem, -1 bytes cmem[0]\n");
  ASSERT_EQ(R.Functions.size(), 1u);
  EXPECT_FALSE(R.Functions[0].StackFrame);
  EXPECT_FALSE(R.Functions[0].Smem);
  EXPECT_EQ(R.Functions[0].Registers, 12u);
  EXPECT_EQ(R.count(Diagnostic::Error), 4u);
  EXPECT_EQ(R.count(Diagnostic::Unrecognized), 0u);
  EXPECT_EQ(R.Diagnostics[0].Message,
            "bad byte count in '-8 bytes stack frame' for k");
}

TEST(PtxasReportTest, ReportProblemsNameTheFileAndLine) {
  ReportProblems P = reportProblems("r.txt", "hello\n");
  EXPECT_TRUE(P.Unusable);
  ASSERT_EQ(P.Lines.size(), 1u);
  EXPECT_EQ(
      P.Lines[0].rfind("'r.txt' is not a ptxas report: no ptxas report", 0),
      0u);

  std::string Text;
  for (int I = 0; I < 7; ++I)
    Text += "ptxas info    : Compiling entry function 'k" + std::to_string(I) +
            "' for 'sm_80'\nptxas info    : Used -1 registers\n";
  P = reportProblems("r.txt", Text, /*MaxLines=*/5);
  EXPECT_FALSE(P.Unusable);
  EXPECT_EQ(P.Errors, 7u);
  ASSERT_EQ(P.Lines.size(), 6u);
  EXPECT_EQ(P.Lines[0],
            "r.txt:2: bad register count '-1' for k0 (at most 255)");
  EXPECT_EQ(P.Lines[5], "r.txt: 2 more errors");

  // A sound report, unrecognized lines and all, has nothing to say.
  P = reportProblems("r.txt", "# nvcc -Xptxas -v\n"
                              "ptxas info    : 0 bytes gmem\n"
                              "ptxas info    : Something new\n");
  EXPECT_FALSE(P.Unusable);
  EXPECT_TRUE(P.Lines.empty());
}

TEST(PtxasReportTest, NoReportAtAll) {
  // Only lines the parser understands make a report: a ptxas-looking line
  // it does not know is not one.
  for (const char *Text : {"", "\n\n", "hello\nworld\n",
                           "nvcc fatal   : Unknown option '-Xptxass'\n",
                           "ptxas info    : Something new\n"}) {
    auto R = parseReport(Text);
    ASSERT_FALSE(R) << Text;
    EXPECT_NE(llvm::toString(R.takeError()).find("no ptxas report"),
              std::string::npos);
  }
}

TEST(PtxasReportTest, HugeNumbersAreRejectedPerItem) {
  Report R = parse("ptxas info    : Compiling entry function 'k' for 'sm_80'\n"
                   "ptxas info    : Used 99999999999 registers, "
                   "999999999999999999999 bytes smem\n");
  ASSERT_EQ(R.Functions.size(), 1u);
  EXPECT_FALSE(R.Functions[0].Registers);
  EXPECT_FALSE(R.Functions[0].Smem);
  EXPECT_EQ(R.Diagnostics.size(), 2u);
  EXPECT_EQ(R.count(Diagnostic::Error), 2u);
}

TEST(PtxasReportTest, Demangle) {
  Function F;
  F.Mangled = "_Z5saxpyfPKfPfi";
  demangleInto(F);
  EXPECT_EQ(F.Name, "saxpy");
  EXPECT_EQ(F.TemplateArgs, "");
  F.Mangled = "not_mangled";
  demangleInto(F);
  EXPECT_EQ(F.Name, "not_mangled");
  EXPECT_EQ(F.Demangled, "not_mangled");
  F.Mangled = "_Z"; // broken
  demangleInto(F);
  EXPECT_EQ(F.Name, "_Z");
}

TEST(PtxasReportTest, CountsOutOfRangeAreErrors) {
  // A damaged report: counts no GPU has are errors with their line, and the
  // function is left without them.
  Report R = parse("ptxas info    : Compiling entry function '_Z1kv' for "
                   "'sm_80'\n"
                   "ptxas info    : Used 4294967296 registers, 348 bytes "
                   "cmem[0]\n"
                   "ptxas info    : Compiling entry function '_Z1gv' for "
                   "'sm_80'\n"
                   "ptxas info    : Used -5 registers, used 99 barriers\n"
                   "ptxas info    : Compiling entry function '_Z1hv' for "
                   "'sm_80'\n"
                   "ptxas info    : Used 255 registers, used 16 barriers\n");
  ASSERT_EQ(R.Functions.size(), 3u);
  EXPECT_FALSE(R.Functions[0].Registers);
  EXPECT_FALSE(R.Functions[1].Registers);
  EXPECT_FALSE(R.Functions[1].Barriers);
  EXPECT_EQ(R.Functions[2].Registers, 255u);
  EXPECT_EQ(R.Functions[2].Barriers, 16u);
  EXPECT_EQ(R.count(Diagnostic::Error), 3u);
  ASSERT_FALSE(R.Diagnostics.empty());
  EXPECT_EQ(R.Diagnostics[0].Line, 2u);
  EXPECT_NE(R.Diagnostics[0].Message.find("'4294967296'"), std::string::npos);
}
