// Unit tests of the NOLINT scanner (warplint/Core/Nolint.h): every form
// clang-tidy accepts, check globs, and unmatched NOLINTBEGIN/NOLINTEND.
#include "warplint/Core/Nolint.h"
#include "gtest/gtest.h"

using namespace warplint;

namespace {

const char *BlockSize = "warplint-block-size";
const char *Bank = "warplint-bank-conflict";

/// The offset of the first character of Line (1-based) in Text.
size_t lineOffset(llvm::StringRef Text, unsigned Line) {
  size_t Off = 0;
  for (unsigned L = 1; L < Line; ++L)
    Off = Text.find('\n', Off) + 1;
  return Off;
}

/// Whether a finding of Check at column Col of Line is silenced.
bool silenced(llvm::StringRef Text, unsigned Line, const char *Check,
              unsigned Col = 3) {
  NolintIndex I(Text);
  return I.suppresses(Check, lineOffset(Text, Line) + Col - 1);
}

} // namespace

TEST(NolintTest, FindsEveryKindAndItsChecks) {
  auto C = findNolintComments("a // NOLINT\n"
                              "b // NOLINTNEXTLINE( x , y-* )\n"
                              "// NOLINTBEGIN(z)\n"
                              "// NOLINTEND()\n"
                              "// NOLINTFOO NOLINT_ NOLINT(unclosed\n");
  ASSERT_EQ(C.size(), 6u);
  EXPECT_EQ(C[0].Kind, NolintKind::NoLint);
  EXPECT_FALSE(C[0].Checks.has_value());
  EXPECT_EQ(C[1].Kind, NolintKind::NextLine);
  EXPECT_EQ(*C[1].Checks, "x,y-*");
  EXPECT_EQ(C[2].Kind, NolintKind::Begin);
  EXPECT_EQ(*C[2].Checks, "z");
  EXPECT_EQ(C[3].Kind, NolintKind::End);
  EXPECT_EQ(*C[3].Checks, "");
  // "NOLINTFOO" is not a NOLINT; "NOLINT_" is a bare NOLINT (the '_' is not
  // a letter), and so is one whose list is not closed on its line.
  EXPECT_EQ(C[4].Kind, NolintKind::NoLint);
  EXPECT_FALSE(C[4].Checks.has_value());
  EXPECT_EQ(C[5].Kind, NolintKind::NoLint);
  EXPECT_FALSE(C[5].Checks.has_value());
  EXPECT_TRUE(C[5].names("anything"));
}

TEST(NolintTest, GlobsMatchAsClangTidy) {
  EXPECT_TRUE(nolintGlobsMatch("warplint-block-size", BlockSize));
  EXPECT_TRUE(nolintGlobsMatch("warplint-*", BlockSize));
  EXPECT_TRUE(nolintGlobsMatch("*", BlockSize));
  EXPECT_TRUE(nolintGlobsMatch("bugprone-*, warplint-*-size", BlockSize));
  EXPECT_TRUE(nolintGlobsMatch("*block*", BlockSize));
  EXPECT_FALSE(nolintGlobsMatch("warplint-bank-conflict", BlockSize));
  EXPECT_FALSE(nolintGlobsMatch("warplint-block", BlockSize));
  EXPECT_FALSE(nolintGlobsMatch("bugprone-*", BlockSize));
  EXPECT_FALSE(nolintGlobsMatch("", BlockSize));
  // Negative globs are dropped, not "everything but".
  EXPECT_FALSE(nolintGlobsMatch("-warplint-bank-conflict", BlockSize));
  EXPECT_TRUE(nolintGlobsMatch("*,-warplint-block-size", BlockSize));
  // '[' and '?' are plain characters.
  EXPECT_FALSE(nolintGlobsMatch("warplint-block-siz?", BlockSize));
  EXPECT_TRUE(nolintGlobsMatch("a[b", "a[b"));
}

TEST(NolintTest, SameLine) {
  const char *T =
      "x\n"
      "  k<<<1, 100>>>(p); // NOLINT\n"
      "  k<<<1, 100>>>(p); // NOLINT(warplint-block-size)\n"
      "  k<<<1, 100>>>(p); // NOLINT(warplint-*)\n"
      "  k<<<1, 100>>>(p); // NOLINT(bugprone-*)\n"
      "  k<<<1, 100>>>(p); // NOLINT()\n"
      "  k<<<1, 100>>>(p); // NOLINT(bugprone-x, warplint-block-size)\n"
      "  k<<<1, 100>>>(p); // NOLINTNEXTLINE\n"
      "  k<<<1, 100>>>(p);\n";
  EXPECT_FALSE(silenced(T, 1, BlockSize, 1));
  EXPECT_TRUE(silenced(T, 2, BlockSize));
  EXPECT_TRUE(silenced(T, 2, Bank));
  EXPECT_TRUE(silenced(T, 3, BlockSize));
  EXPECT_FALSE(silenced(T, 3, Bank));
  EXPECT_TRUE(silenced(T, 4, Bank));
  EXPECT_FALSE(silenced(T, 5, BlockSize));
  EXPECT_FALSE(silenced(T, 6, BlockSize));
  EXPECT_TRUE(silenced(T, 7, BlockSize));
  // A NOLINTNEXTLINE is not for its own line, but for the next.
  EXPECT_FALSE(silenced(T, 8, BlockSize));
  EXPECT_TRUE(silenced(T, 9, BlockSize));
}

TEST(NolintTest, NextLine) {
  const char *T = "// NOLINTNEXTLINE(warplint-block-size)\n"
                  "  a;\n"
                  "  b;\n"
                  "// NOLINTNEXTLINE\n"
                  "\n"
                  "  c;\n"
                  "/* NOLINTNEXTLINE(warplint-bank-conflict) */\n"
                  "  d;\n";
  EXPECT_TRUE(silenced(T, 2, BlockSize));
  EXPECT_FALSE(silenced(T, 2, Bank));
  EXPECT_FALSE(silenced(T, 3, BlockSize)); // two lines below
  EXPECT_FALSE(silenced(T, 6, BlockSize)); // a blank line between
  EXPECT_TRUE(silenced(T, 8, Bank));
  EXPECT_FALSE(silenced(T, 8, BlockSize));
  // The first line of the file has no line before it.
  EXPECT_FALSE(silenced("a;\n", 1, BlockSize));
}

TEST(NolintTest, Blocks) {
  const char *T = "// NOLINTBEGIN(warplint-block-size)\n" // 1
                  "  a;\n"                                // 2
                  "  // NOLINTBEGIN\n"                    // 3
                  "  b;\n"                                // 4
                  "  // NOLINTEND\n"                      // 5
                  "  c;\n"                                // 6
                  "// NOLINTEND(warplint-block-size)\n"   // 7
                  "  d;\n"                                // 8
                  "// NOLINTBEGIN(warplint-*)\n"          // 9
                  "  e;\n"                                // 10
                  "// NOLINTEND(warplint-*)\n";           // 11
  NolintIndex I(T);
  EXPECT_TRUE(I.unmatched().empty());
  EXPECT_TRUE(silenced(T, 2, BlockSize));
  EXPECT_FALSE(silenced(T, 2, Bank));
  EXPECT_TRUE(silenced(T, 4, Bank));
  EXPECT_TRUE(silenced(T, 6, BlockSize));
  EXPECT_FALSE(silenced(T, 6, Bank));
  EXPECT_FALSE(silenced(T, 8, BlockSize));
  EXPECT_TRUE(silenced(T, 10, Bank));
  // On the NOLINTBEGIN's own line, after the comment: inside.
  EXPECT_TRUE(silenced(T, 1, BlockSize, 36));
}

TEST(NolintTest, UnmatchedBlocksSilenceNothingAndAreReported) {
  const char *T = "// NOLINTEND(warplint-block-size)\n"    // 1: no BEGIN
                  "// NOLINTBEGIN(warplint-block-size)\n"  // 2
                  "  a;\n"                                 // 3
                  "// NOLINTEND(warplint-bank-conflict)\n" // 4: wrong list
                  "  b;\n"                                 // 5
                  "// NOLINTBEGIN\n"                       // 6: never ended
                  "  c;\n";                                // 7
  NolintIndex I(T);
  ASSERT_EQ(I.unmatched().size(), 4u);
  auto LC = [&](size_t K) { return lineAndColumn(T, I.unmatched()[K].Offset); };
  EXPECT_EQ(LC(0), std::make_pair(1u, 4u));
  EXPECT_FALSE(I.unmatched()[0].IsBegin);
  EXPECT_EQ(I.unmatched()[0].message(),
            "unmatched 'NOLINTEND' comment without a previous 'NOLINTBEGIN' "
            "comment");
  EXPECT_EQ(LC(1).first, 2u);
  EXPECT_TRUE(I.unmatched()[1].IsBegin);
  EXPECT_EQ(I.unmatched()[1].message(),
            "unmatched 'NOLINTBEGIN' comment without a subsequent "
            "'NOLINTEND' comment");
  EXPECT_EQ(LC(2).first, 4u);
  EXPECT_EQ(LC(3).first, 6u);
  EXPECT_FALSE(silenced(T, 3, BlockSize));
  EXPECT_FALSE(silenced(T, 5, BlockSize));
  EXPECT_FALSE(silenced(T, 7, BlockSize));
}

TEST(NolintTest, CrLfAndEdges) {
  const char *T = "a; // NOLINT(warplint-block-size)\r\n"
                  "// NOLINTNEXTLINE\r\n"
                  "b;\r\n";
  EXPECT_TRUE(silenced(T, 1, BlockSize, 1));
  EXPECT_TRUE(silenced(T, 3, BlockSize, 1));
  NolintIndex Empty("");
  EXPECT_FALSE(Empty.suppresses(BlockSize, 0));
  EXPECT_FALSE(Empty.suppresses(BlockSize, 10));
  EXPECT_EQ(lineAndColumn("ab\ncd", 4), std::make_pair(2u, 2u));
}

// Lines end where clang ends them: "\r" alone is a line break (classic Mac
// files), "\r\n" one break and "\n\r" two. A NOLINT on line 2 of a CR-only
// file silences line 2, not line 5 (issue 20, defect 20).
TEST(NolintTest, CrOnlyLinesAreLines) {
  const char *T = "#include \"x.h\"\r"             // 1
                  "// NOLINT\r"                    // 2
                  "a;\r"                           // 3
                  "// NOLINTNEXTLINE\r"            // 4
                  "b;\r"                           // 5
                  "c; // NOLINT(warplint-bank-*\r" // 6: list not closed here
                  "d; )\r";                        // 7
  NolintIndex I(T);
  auto At = [&](llvm::StringRef Needle) {
    return llvm::StringRef(T).find(Needle);
  };
  EXPECT_TRUE(I.suppresses(BlockSize, At("// NOLINT\r")));
  EXPECT_FALSE(I.suppresses(BlockSize, At("a;")));
  EXPECT_TRUE(I.suppresses(BlockSize, At("b;")));
  EXPECT_FALSE(I.suppresses(BlockSize, At("d;")));
  // The unclosed list is a bare NOLINT: ')' on the next line is not its.
  auto C = findNolintComments(T);
  ASSERT_EQ(C.size(), 3u);
  EXPECT_FALSE(C[2].Checks.has_value());
  EXPECT_TRUE(I.suppresses(BlockSize, At("c;")));
  EXPECT_EQ(lineAndColumn(T, At("b;")), std::make_pair(5u, 1u));
  EXPECT_EQ(lineAndColumn("a\n\rb", 3), std::make_pair(3u, 1u));
  EXPECT_EQ(lineAndColumn("a\r\nb", 3), std::make_pair(2u, 1u));
}

// Many findings on one long line and many comments: the answers stay those
// of the per-line rules (nested and overlapping blocks included).
TEST(NolintTest, BlocksNestAndManyFindingsOnOneLine) {
  std::string T = "// NOLINTBEGIN(warplint-block-size)\n"
                  "x; // NOLINTBEGIN\n"
                  "y; // NOLINTEND\n"
                  "z;\n"
                  "// NOLINTEND(warplint-block-size)\n"
                  "w;";
  NolintIndex I(T);
  EXPECT_TRUE(I.unmatched().empty());
  EXPECT_TRUE(I.suppresses(BlockSize, T.find("x;")));
  EXPECT_TRUE(I.suppresses(Bank, T.find("y;")));
  EXPECT_FALSE(I.suppresses(Bank, T.find("z;")));
  EXPECT_TRUE(I.suppresses(BlockSize, T.find("z;")));
  EXPECT_FALSE(I.suppresses(BlockSize, T.find("w;")));
  std::string Long(100000, 'k');
  Long += " // NOLINT(warplint-bank-conflict)\nk;";
  NolintIndex L(Long);
  for (size_t Off = 0; Off < 100000; Off += 7)
    ASSERT_TRUE(L.suppresses(Bank, Off));
  EXPECT_FALSE(L.suppresses(BlockSize, 5));
  EXPECT_FALSE(L.suppresses(Bank, Long.size() - 2));
}

// What silenced a finding, for SARIF's justification: the comment on its
// line, the one on the line before, or a block around it.
TEST(NolintTest, SilencedBySaysWhichComment) {
  const char *T = "  a; // NOLINT\n"    // 1
                  "// NOLINTNEXTLINE\n" // 2
                  "  b;\n"              // 3
                  "// NOLINTBEGIN\n"    // 4
                  "  c;\n"              // 5
                  "// NOLINTEND\n"      // 6
                  "  d;\n";             // 7
  NolintIndex I(T);
  auto By = [&](unsigned Line) {
    return I.silencedBy(BlockSize, lineOffset(T, Line) + 2);
  };
  EXPECT_EQ(By(1), NolintKind::NoLint);
  EXPECT_EQ(By(3), NolintKind::NextLine);
  EXPECT_EQ(By(5), NolintKind::Begin);
  EXPECT_EQ(By(7), std::nullopt);
  EXPECT_EQ(NolintIndex::describe(NolintKind::NextLine),
            "a NOLINTNEXTLINE comment");
  EXPECT_EQ(NolintIndex::describe(NolintKind::Begin),
            "a NOLINTBEGIN ... NOLINTEND block");
}
