// Unit tests of baselines (warplint/Core/Baseline.h): keys, relative paths,
// multiset matching, the file format and its errors.
#include "warplint/Core/Baseline.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"

using namespace warplint;

namespace {

Finding finding(llvm::StringRef File, unsigned Line, llvm::StringRef Snippet,
                llvm::StringRef Message = "launch of 'k' uses a block of 100 "
                                          "threads") {
  Finding F;
  F.Check = "warplint-block-size";
  F.Loc = {File.str(), Line, 3};
  F.Message = Message.str();
  F.SourceLine = Snippet.str();
  F.Function = "run";
  return F;
}

std::string errorOf(llvm::StringRef Text) {
  auto B = Baseline::parse(Text, "/p", "/p/b.json");
  return B ? "" : llvm::toString(B.takeError());
}

} // namespace

TEST(BaselineTest, RelativePaths) {
  EXPECT_EQ(relativePath("/nonexistent-w/p/src/a.cu", "/nonexistent-w/p"),
            "src/a.cu");
  EXPECT_EQ(relativePath("/nonexistent-w/p/src/a.cu", "/nonexistent-w/p/ci"),
            "../src/a.cu");
  EXPECT_EQ(relativePath("/nonexistent-w/p/./src/../a.cu", "/nonexistent-w/p/"),
            "a.cu");
  // Only the root in common: nothing to be relative to.
  EXPECT_EQ(relativePath("/usr/include/x.h", "/nonexistent-w/p"),
            "/usr/include/x.h");
}

TEST(BaselineTest, SnippetAndMessageNormalised) {
  EXPECT_EQ(normalizeSnippet("  \tk<<<1,   100>>>(p);  // x \r"),
            "k<<<1, 100>>>(p); // x");
  EXPECT_EQ(normalizeMessage("launch of 'k<(lambda at /a/b.cu:3:5)>' in "
                             "(anonymous namespace) (unnamed struct at "
                             "/x.cu:1:1)"),
            "launch of 'k<(lambda)>' in (anonymous namespace) "
            "(unnamed struct)");
  EXPECT_EQ(normalizeMessage("a block of 40 threads (40x1x1) (in "
                             "instantiation 'launchN<'a', 40>')"),
            "a block of 40 threads (40x1x1)");
}

TEST(BaselineTest, KeyIgnoresLinesColumnsAndCheckoutPath) {
  Finding A = finding("/nonexistent-w/one/src/a.cu", 10, "  k<<<1, 100>>>(p);");
  Finding B = finding("/nonexistent-w/two/src/a.cu", 12, "k<<<1,  100>>>(p);");
  B.Loc.Column = 9;
  B.Level = Severity::Error; // WarningsAsErrors does not change the key
  EXPECT_EQ(baselineKey(A, "/nonexistent-w/one"),
            baselineKey(B, "/nonexistent-w/two"));
  Finding C = A;
  C.Function = "other";
  EXPECT_FALSE(baselineKey(A, "/x") == baselineKey(C, "/x"));
  C = A;
  C.Message += " (in instantiation 'run<3>')";
  EXPECT_TRUE(baselineKey(A, "/x") == baselineKey(C, "/x"));
  C = A;
  C.Message += " (block 32x1)";
  EXPECT_FALSE(baselineKey(A, "/x") == baselineKey(C, "/x"));
  C = A;
  C.Check = "warplint-bank-conflict";
  EXPECT_FALSE(baselineKey(A, "/x") == baselineKey(C, "/x"));
}

TEST(BaselineTest, TextIsSortedCountedAndVersioned) {
  std::vector<Finding> V = {
      finding("/nonexistent-w/p/b.cu", 1, "x;"),
      finding("/nonexistent-w/p/a.cu", 9, "y;"),
      finding("/nonexistent-w/p/a.cu", 5, "y;"),
  };
  std::string T = baselineText(V, "/nonexistent-w/p");
  EXPECT_EQ(T, R"({
  "findings": [
    {
      "check": "warplint-block-size",
      "count": 2,
      "file": "a.cu",
      "function": "run",
      "message": "launch of 'k' uses a block of 100 threads",
      "snippet": "y;"
    },
    {
      "check": "warplint-block-size",
      "count": 1,
      "file": "b.cu",
      "function": "run",
      "message": "launch of 'k' uses a block of 100 threads",
      "snippet": "x;"
    }
  ],
  "version": 1
}
)");
  // The same findings in another order give the same text.
  std::swap(V[0], V[2]);
  EXPECT_EQ(baselineText(V, "/nonexistent-w/p"), T);
}

TEST(BaselineTest, BytesThatAreNotUtf8MatchWhatTheFileHolds) {
  // A source line in Latin-1, and one cut inside a character: the file
  // holds U+FFFD for those bytes (JSON is UTF-8), and the finding written
  // is the finding read back (found by fuzz-baseline).
  for (llvm::StringRef Line :
       {llvm::StringRef("x = 1; // caf\xe9"), llvm::StringRef("y = 2; \xd8")}) {
    Finding F =
        finding("/nonexistent-w/p/a.cu", 5, Line, "a message with \xff in it");
    auto B = Baseline::parse(baselineText({F}, "/nonexistent-w/p"),
                             "/nonexistent-w/p", "b.json");
    ASSERT_TRUE(bool(B)) << llvm::toString(B.takeError());
    EXPECT_EQ(B->size(), 1u);
    EXPECT_TRUE(B->take(F)) << Line.str();
    EXPECT_FALSE(B->take(F));
    // Another line whose bytes differ only where they are not UTF-8 reads
    // the same: the file cannot tell them apart.
    Finding G = F;
    G.SourceLine.back() = '\xfe';
    EXPECT_EQ(baselineKey(F, "/nonexistent-w/p"),
              baselineKey(G, "/nonexistent-w/p"));
  }
}

TEST(BaselineTest, MultisetMatching) {
  std::vector<Finding> Old = {finding("/nonexistent-w/p/a.cu", 5, "y;"),
                              finding("/nonexistent-w/p/a.cu", 9, "y;"),
                              finding("/nonexistent-w/p/a.cu", 20, "z;")};
  auto B = Baseline::parse(baselineText(Old, "/nonexistent-w/p"),
                           "/nonexistent-w/p", "b.json");
  ASSERT_TRUE(bool(B)) << llvm::toString(B.takeError());
  EXPECT_EQ(B->size(), 3u);
  // Moved down by a line, and now three of them: one is new.
  EXPECT_TRUE(B->take(finding("/nonexistent-w/p/a.cu", 6, "y;")));
  EXPECT_TRUE(B->take(finding("/nonexistent-w/p/a.cu", 10, "y;")));
  EXPECT_FALSE(B->take(finding("/nonexistent-w/p/a.cu", 11, "y;")));
  // Another file, another message: new.
  EXPECT_FALSE(B->take(finding("/nonexistent-w/p/c.cu", 20, "z;")));
  EXPECT_FALSE(B->take(finding("/nonexistent-w/p/a.cu", 20, "z;",
                               "launch of 'k' uses a block of 99 threads")));
  EXPECT_EQ(B->remaining(), 1u);
  EXPECT_TRUE(B->take(finding("/nonexistent-w/p/a.cu", 30, "z;")));
  EXPECT_EQ(B->remaining(), 0u);
}

TEST(BaselineTest, AnotherCheckoutMatches) {
  std::vector<Finding> Old = {
      finding("/nonexistent-w/ci/run1/src/a.cu", 5, "y;")};
  auto B = Baseline::parse(baselineText(Old, "/nonexistent-w/ci/run1/ci"),
                           "/nonexistent-w/home/me/ci", "b.json");
  ASSERT_TRUE(bool(B));
  EXPECT_TRUE(B->take(finding("/nonexistent-w/home/me/src/a.cu", 7, "y;")));
}

// A baseline stores what identifies a finding, not its whole line: the
// snippet is bounded, so that a thousand findings on one long line make a
// baseline of a thousand short entries. A baseline written before (the
// whole line in "snippet") still matches, its snippet bounded when read.
TEST(BaselineTest, SnippetsAreBounded) {
  std::string Long = "k0();";
  while (Long.size() < 100000)
    Long += " k" + std::to_string(Long.size()) + "();";
  std::vector<Finding> Many;
  for (int I = 0; I < 1000; ++I) {
    Many.push_back(finding("/nonexistent-w/p/a.cu", 1, Long));
    Many.back().Function = "k" + std::to_string(I);
  }
  std::string Text = baselineText(Many, "/nonexistent-w/p");
  EXPECT_LT(Text.size(), 1000u * (MaxSnippetKeyBytes + 300)) << Text.size();
  auto B = Baseline::parse(Text, "/nonexistent-w/p", "b.json");
  ASSERT_TRUE(bool(B)) << llvm::toString(B.takeError());
  for (const Finding &F : Many)
    EXPECT_TRUE(B->take(F));

  // Written whole by an earlier warplint.
  llvm::json::Object Entry{{"check", "warplint-block-size"},
                           {"file", "a.cu"},
                           {"function", "run"},
                           {"message", "launch of 'k' uses a block of 100 "
                                       "threads"},
                           {"snippet", normalizeSnippet(Long)}};
  llvm::json::Object Root{{"version", 1},
                          {"findings", llvm::json::Array{std::move(Entry)}}};
  std::string Old;
  llvm::raw_string_ostream OS(Old);
  OS << llvm::json::Value(std::move(Root));
  auto O = Baseline::parse(Old, "/nonexistent-w/p", "b.json");
  ASSERT_TRUE(bool(O)) << llvm::toString(O.takeError());
  EXPECT_TRUE(O->take(finding("/nonexistent-w/p/a.cu", 9, Long)));
  // ... and so does the finding as the analysis keeps it: a window of the
  // line, and the line's start for the baseline.
  auto O2 = Baseline::parse(Old, "/nonexistent-w/p", "b.json");
  ASSERT_TRUE(bool(O2));
  Finding W = finding("/nonexistent-w/p/a.cu", 9, Long.substr(5000, 80));
  W.SourceLineBegin = 5000;
  W.SourceLineCut = true;
  W.LineHead = snippetKey(Long.substr(0, 4096));
  EXPECT_TRUE(O2->take(W));
  // Never cut inside a character.
  std::string Wide;
  for (int I = 0; I < 200; ++I)
    Wide += "\xE6\x97\xA5";
  std::string Key = snippetKey(Wide);
  EXPECT_LE(Key.size(), MaxSnippetKeyBytes);
  EXPECT_EQ(Key.size() % 3, 0u);
}

TEST(BaselineTest, EntriesMayOmitCountFunctionAndSnippet) {
  auto B = Baseline::parse(R"({"version": 1, "findings": [
      {"check": "warplint-block-size", "file": "a.cu",
       "message": "launch of 'k' uses a block of 100 threads"}]})",
                           "/nonexistent-w/p", "b.json");
  ASSERT_TRUE(bool(B)) << llvm::toString(B.takeError());
  Finding F = finding("/nonexistent-w/p/a.cu", 1, "");
  F.Function = "";
  EXPECT_TRUE(B->take(F));
}

TEST(BaselineTest, Errors) {
  EXPECT_NE(errorOf("{").find("'/p/b.json' is not a warplint baseline: "),
            std::string::npos);
  EXPECT_NE(errorOf("[]").find("expected a JSON object"), std::string::npos);
  EXPECT_NE(errorOf("{\"findings\": []}").find("no \"version\""),
            std::string::npos);
  EXPECT_NE(errorOf("{\"version\": 2, \"findings\": []}")
                .find("version 2, this warplint reads 1"),
            std::string::npos);
  EXPECT_NE(errorOf("{\"version\": 1}").find("no \"findings\" list"),
            std::string::npos);
  EXPECT_NE(errorOf("{\"version\": 1, \"findings\": [3]}")
                .find("findings[0] is not an object"),
            std::string::npos);
  EXPECT_NE(errorOf("{\"version\": 1, \"findings\": [{\"check\": \"c\", "
                    "\"file\": \"f\"}]}")
                .find("findings[0] has no \"message\""),
            std::string::npos);
  EXPECT_NE(errorOf("{\"version\": 1, \"findings\": [{\"check\": 1, "
                    "\"file\": \"f\", \"message\": \"m\"}]}")
                .find("findings[0].check is not a string"),
            std::string::npos);
  EXPECT_NE(errorOf("{\"version\": 1, \"findings\": [{\"check\": \"c\", "
                    "\"file\": \"f\", \"message\": \"m\", \"count\": 0}]}")
                .find("findings[0].count is not a positive integer"),
            std::string::npos);
  EXPECT_NE(errorOf("{\"version\": 1, \"findings\": [{\"check\": \"c\", "
                    "\"file\": \"f\", \"message\": \"m\", \"count\": "
                    "4294967295}, {\"check\": \"c\", \"file\": "
                    "\"f\", \"message\": \"m\"}]}")
                .find("findings[1].count makes the counts add up to more "
                      "than 4294967295"),
            std::string::npos);
  EXPECT_NE(errorOf("{\"version\": 1, \"findings\": [{\"check\": \"c\", "
                    "\"file\": \"f\", \"message\": \"m\", \"count\": "
                    "9223372036854775807}]}")
                .find("findings[0].count makes the counts add up to more "
                      "than 4294967295"),
            std::string::npos);
  EXPECT_EQ(errorOf("{\"version\": 1, \"findings\": []}"), "");
  auto Missing = Baseline::read("/nonexistent-w/none.json");
  ASSERT_FALSE(bool(Missing));
  EXPECT_EQ(llvm::toString(Missing.takeError()),
            "cannot read the baseline '/nonexistent-w/none.json': No such "
            "file or directory");
}

TEST(BaselineTest, WriteThenRead) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("warplint-baseline", Dir));
  llvm::SmallString<128> Src(Dir), File(Dir);
  llvm::sys::path::append(Src, "src", "k.cu");
  llvm::sys::path::append(File, "baseline.json");
  std::vector<Finding> V = {finding(Src, 4, "k<<<1, 100>>>(p);")};
  ASSERT_FALSE(bool(writeBaseline(V, File)));
  auto Buf = llvm::MemoryBuffer::getFile(File);
  ASSERT_TRUE(bool(Buf));
  EXPECT_NE((*Buf)->getBuffer().find("\"file\": \"src/k.cu\""),
            std::string::npos);
  auto B = Baseline::read(File);
  ASSERT_TRUE(bool(B)) << llvm::toString(B.takeError());
  EXPECT_TRUE(B->take(V[0]));
  llvm::sys::fs::remove_directories(Dir);
}
