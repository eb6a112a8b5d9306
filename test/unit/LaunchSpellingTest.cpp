// Unit tests of nvcc's spaced launch brackets
// (warplint/Driver/LaunchSpelling.h).
#include "warplint/Driver/LaunchSpelling.h"
#include "gtest/gtest.h"

using namespace warplint;

namespace {

std::string closed(const std::string &S) {
  std::optional<ClosedLaunches> C = closeSpacedLaunches(S);
  return C ? C->Text : S;
}

TEST(LaunchSpellingTest, ClosesBothBracketsKeepingColumns) {
  std::string In = "  k << <g, b >> >(p);\n";
  std::optional<ClosedLaunches> C = closeSpacedLaunches(In);
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Text, "  k <<< g, b >>> (p);\n");
  EXPECT_EQ(C->Text.size(), In.size());
  EXPECT_EQ(C->Text.find('g'), In.find('g'));
  EXPECT_EQ(C->Text.find('('), In.find('('));
  EXPECT_EQ(C->Lines, std::vector<unsigned>{1});
}

TEST(LaunchSpellingTest, OneSideSpaced) {
  EXPECT_EQ(closed("k<<<g, b>> >(p);"), "k<<<g, b>>> (p);");
  EXPECT_EQ(closed("k<< <g, b>>>(p);"), "k<<< g, b>>>(p);");
  EXPECT_EQ(closed("k <<  <g, b>>\t>(p);"), "k <<<  g, b>>> (p);");
}

TEST(LaunchSpellingTest, CountsLines) {
  std::optional<ClosedLaunches> C = closeSpacedLaunches(
      "int main() {\n  a<<<1, 2>>>();\n  b << <1, 2 >> >();\n"
      "  c << <3, 4 >> >();\n}\n");
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Lines, (std::vector<unsigned>{3, 4}));
}

TEST(LaunchSpellingTest, ALineBreakInsideTheBracketsStays) {
  // The bracket moves onto the first line; the second keeps its columns.
  EXPECT_EQ(closed("k << \n  <g, b>>>();"), "k <<<\n   g, b>>>();");
  // A line break right after `<<` leaves no room: read as it is.
  EXPECT_FALSE(closeSpacedLaunches("k <<\n<g, b>>>();"));
}

TEST(LaunchSpellingTest, ShiftsAndParenthesesInTheConfiguration) {
  EXPECT_EQ(closed("k << <(n >> 5), f(a, b) >> >(p);"),
            "k <<< (n >> 5), f(a, b) >>> (p);");
  EXPECT_EQ(closed("k << <n >> 5, 32 >> >(p);"), "k <<< n >> 5, 32 >>> (p);");
  EXPECT_EQ(closed("k << <g, b, sizeof(A<B<int>> ) >> >(p);"),
            "k <<< g, b, sizeof(A<B<int>> ) >>> (p);");
}

TEST(LaunchSpellingTest, LeavesWhatIsNotALaunch) {
  // Template arguments closed with a space, a shift, output streams.
  EXPECT_FALSE(closeSpacedLaunches(
      "std::vector<std::vector<int>> > v;\nstd::map<int, A<B>> >m;"));
  EXPECT_FALSE(closeSpacedLaunches("x = a << b; y = c >> d;"));
  EXPECT_FALSE(closeSpacedLaunches("std::cout << \"<< <\" << '<';"));
  EXPECT_FALSE(closeSpacedLaunches("x = a << <:1:>;"));
  EXPECT_FALSE(closeSpacedLaunches("std::cout << 1 << std::endl;"));
  // A specialisation of operator<<, whose arguments may close with `>> >`.
  EXPECT_FALSE(closeSpacedLaunches(
      "friend std::ostream &operator<< <T>(std::ostream &, const X &);\n"
      "template <> S &operator << <V<V<int>> >(S &s, int);"));
}

TEST(LaunchSpellingTest, LeavesCommentsAndLiterals) {
  EXPECT_FALSE(closeSpacedLaunches("// k << <g, b >> >();\n"));
  EXPECT_FALSE(closeSpacedLaunches("/* k << <g, b >> >(); */"));
  EXPECT_FALSE(closeSpacedLaunches("const char *s = \"k << <g, b >> >()\";"));
  EXPECT_FALSE(
      closeSpacedLaunches("const char *s = R\"x(k << <g, b >> >())x\";"));
  // A digit separator is not a character literal: the launch after it is
  // still read.
  EXPECT_EQ(closed("int n = 1'000; k << <n, 32 >> >();"),
            "int n = 1'000; k <<< n, 32 >>> ();");
  // A launch after a literal holding quotes and brackets.
  EXPECT_EQ(closed("s = \"\\\">> >\"; k << <1, 2 >> >();"),
            "s = \"\\\">> >\"; k <<< 1, 2 >>> ();");
}

TEST(LaunchSpellingTest, AnUnclosedOpeningIsLeft) {
  EXPECT_FALSE(closeSpacedLaunches("k << <g, b;\n"));
  EXPECT_FALSE(closeSpacedLaunches("k << <g, b"));
}

} // namespace
