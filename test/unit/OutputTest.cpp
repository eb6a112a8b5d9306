// Unit tests of the output writers (warplint/Output/Output.h).
#include "warplint/Output/Output.h"
#include "warplint/Core/SourceText.h"
#include "warplint/Core/Version.h"
#include "llvm/Support/JSON.h"
#include "gtest/gtest.h"

using namespace warplint;
namespace json = llvm::json;

static std::vector<Finding> sample() {
  Finding F;
  F.Check = "warplint-block-size";
  F.Level = Severity::Warning;
  F.Loc = {"/src/dir with space/a.cu", 12, 10};
  F.Message = "launch of 'k' uses a block of 100 threads";
  F.SourceLine = "  k<<<1, 100>>>(p);";
  F.Properties["threads"] = 100;
  F.Properties["blockDim"] = json::Array{100, 1, 1};
  F.Notes.push_back({{"/src/dir with space/a.cu", 11, 3}, "defined here"});
  Finding E = F;
  E.Level = Severity::Error;
  E.Loc = {"/elsewhere/b.cu", 3, 1};
  E.Notes.clear();
  return {F, E};
}

static json::Value parse(const std::string &S) {
  auto V = json::parse(S);
  EXPECT_TRUE(bool(V)) << S;
  return V ? *V : json::Value(nullptr);
}

TEST(OutputTest, TextIsClangStyle) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeText(OS, sample(), /*Color=*/false);
  EXPECT_NE(S.find("/src/dir with space/a.cu:12:10: warning: launch of 'k' "
                   "uses a block of 100 threads [warplint-block-size]\n"
                   "  k<<<1, 100>>>(p);\n"
                   "         ^\n"
                   "/src/dir with space/a.cu:11:3: note: defined here\n"),
            std::string::npos)
      << S;
  EXPECT_NE(S.find("/elsewhere/b.cu:3:1: error: "), std::string::npos);
}

TEST(OutputTest, JsonContract) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeJson(OS, sample());
  json::Value V = parse(S);
  const json::Object *Root = V.getAsObject();
  ASSERT_TRUE(Root);
  // The version of the warplint that wrote it, as MAJOR.MINOR.PATCH.
  std::optional<llvm::StringRef> Version = Root->getString("version");
  ASSERT_TRUE(Version);
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  Version->split(Parts, '.');
  ASSERT_EQ(Parts.size(), 3u) << Version->str();
  for (llvm::StringRef P : Parts) {
    unsigned N;
    EXPECT_FALSE(P.getAsInteger(10, N)) << Version->str();
  }
  const json::Array *Findings = Root->getArray("findings");
  ASSERT_TRUE(Findings);
  ASSERT_EQ(Findings->size(), 2u);
  const json::Object *F = (*Findings)[0].getAsObject();
  EXPECT_EQ(F->getString("check"), "warplint-block-size");
  EXPECT_EQ(F->getString("severity"), "warning");
  EXPECT_EQ(F->getString("file"), "/src/dir with space/a.cu");
  EXPECT_EQ(F->getInteger("line"), 12);
  EXPECT_EQ(F->getInteger("column"), 10);
  EXPECT_EQ(F->getObject("properties")->getInteger("threads"), 100);
  EXPECT_EQ(F->getArray("notes")->size(), 1u);
  EXPECT_EQ((*Findings)[1].getAsObject()->getString("severity"), "error");
}

TEST(OutputTest, RunSummaryCountsAndSaysSingularAndPlural) {
  RunSummary S;
  for (const Finding &F : sample())
    S.count(F);
  S.Files = 3;
  S.FilesWithFindings = 1;
  S.Accesses = 1;
  S.Unknown = 0;
  EXPECT_EQ(S.text(),
            "1 warning and 1 error in 1 of 3 files; 1 access analysed, 0 "
            "unknown");
  RunSummary One;
  One.Warnings = 1;
  One.Errors = 2;
  One.Files = One.FilesWithFindings = 1;
  One.Accesses = 5;
  One.Unknown = 2;
  EXPECT_EQ(One.text(), "1 warning and 2 errors in 1 of 1 file; 5 accesses "
                        "analysed, 2 unknown");
  // JSON and SARIF carry it where asked, and only then.
  std::string J, Plain, Sarif;
  llvm::raw_string_ostream JO(J), PO(Plain), SO(Sarif);
  writeJson(JO, {}, &One);
  writeJson(PO, {});
  writeSarif(SO, {}, "", &One);
  json::Value V = parse(J);
  const json::Object *Sum = V.getAsObject()->getObject("summary");
  ASSERT_TRUE(Sum);
  EXPECT_EQ(Sum->getInteger("errors"), 2);
  EXPECT_EQ(Sum->getInteger("accessesUnknown"), 2);
  EXPECT_EQ(Sum->getString("text"), One.text());
  EXPECT_FALSE(parse(Plain).getAsObject()->get("summary"));
  json::Value Sv = parse(Sarif);
  const json::Object *Run =
      (*Sv.getAsObject()->getArray("runs"))[0].getAsObject();
  EXPECT_EQ(Run->getObject("properties")
                ->getObject("summary")
                ->getInteger("warnings"),
            1);
}

TEST(OutputTest, EmptyJsonHasAnEmptyList) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeJson(OS, {});
  json::Value V = parse(S);
  EXPECT_EQ(V.getAsObject()->getArray("findings")->size(), 0u);
}

TEST(OutputTest, SarifContract) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeSarif(OS, sample(), "/src");
  json::Value V = parse(S);
  const json::Object *Root = V.getAsObject();
  EXPECT_EQ(Root->getString("version"), "2.1.0");
  const json::Array *Runs = Root->getArray("runs");
  ASSERT_EQ(Runs->size(), 1u);
  const json::Object *Run = (*Runs)[0].getAsObject();
  const json::Object *Driver = Run->getObject("tool")->getObject("driver");
  EXPECT_EQ(Driver->getString("name"), "warplint");
  const json::Array *Rules = Driver->getArray("rules");
  ASSERT_FALSE(Rules->empty());
  EXPECT_EQ((*Rules)[0].getAsObject()->getString("id"), "warplint-block-size");

  const json::Array *Results = Run->getArray("results");
  ASSERT_EQ(Results->size(), 2u);
  const json::Object *R = (*Results)[0].getAsObject();
  EXPECT_EQ(R->getString("ruleId"), "warplint-block-size");
  EXPECT_EQ(R->getInteger("ruleIndex"), 0);
  EXPECT_EQ(R->getString("level"), "warning");
  EXPECT_EQ(R->getObject("message")->getString("text"),
            "launch of 'k' uses a block of 100 threads");
  const json::Object *PL =
      (*R->getArray("locations"))[0].getAsObject()->getObject(
          "physicalLocation");
  // Under the base directory: relative, percent-encoded, with a base id.
  EXPECT_EQ(PL->getObject("artifactLocation")->getString("uri"),
            "dir%20with%20space/a.cu");
  EXPECT_EQ(PL->getObject("artifactLocation")->getString("uriBaseId"),
            "%SRCROOT%");
  EXPECT_EQ(PL->getObject("region")->getInteger("startLine"), 12);
  EXPECT_EQ(PL->getObject("region")->getInteger("startColumn"), 10);
  EXPECT_EQ(R->getObject("properties")->getInteger("threads"), 100);
  EXPECT_EQ(R->getArray("relatedLocations")->size(), 1u);

  // Elsewhere: an absolute file URI.
  const json::Object *PL2 =
      (*(*Results)[1].getAsObject()->getArray("locations"))[0]
          .getAsObject()
          ->getObject("physicalLocation");
  EXPECT_EQ(PL2->getObject("artifactLocation")->getString("uri"),
            "file:///elsewhere/b.cu");
  EXPECT_EQ((*Results)[1].getAsObject()->getString("level"), "error");
  EXPECT_EQ(Run->getObject("originalUriBaseIds")
                ->getObject("%SRCROOT%")
                ->getString("uri"),
            "file:///src/");
}

// Rules carry their check's page as help and, given where the docs are, a
// helpUri; suppressed results say so, and results compared against a
// baseline carry their baselineState; others carry neither.
TEST(OutputTest, SarifHelpSuppressionsAndBaselineState) {
  std::vector<Finding> Fs = sample();
  Fs[0].ComparedToBaseline = true;
  Fs[0].Suppressed = Finding::Suppression::External;
  Fs[0].Justification = "in the baseline /src/b.json";
  Fs[1].Suppressed = Finding::Suppression::InSource;
  Finding New = sample()[0];
  New.Loc.Line = 40;
  New.ComparedToBaseline = true;
  Fs.push_back(New);
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeSarif(OS, Fs, "/src", nullptr, "https://example.org/docs");
  json::Value V = parse(S);
  const json::Object *Run =
      (*V.getAsObject()->getArray("runs"))[0].getAsObject();
  const json::Object *Rule =
      (*Run->getObject("tool")->getObject("driver")->getArray("rules"))[0]
          .getAsObject();
  EXPECT_EQ(Rule->getString("helpUri"),
            "https://example.org/docs/checks/warplint-block-size.md");
  EXPECT_TRUE(Rule->getObject("help")
                  ->getString("markdown")
                  ->starts_with("# warplint-block-size"));
  const json::Array *Results = Run->getArray("results");
  ASSERT_EQ(Results->size(), 3u);
  const json::Object *Old = (*Results)[0].getAsObject();
  EXPECT_EQ(Old->getString("baselineState"), "unchanged");
  const json::Object *Sup = (*Old->getArray("suppressions"))[0].getAsObject();
  EXPECT_EQ(Sup->getString("kind"), "external");
  EXPECT_EQ(Sup->getString("justification"), "in the baseline /src/b.json");
  const json::Object *Nolint = (*Results)[1].getAsObject();
  EXPECT_FALSE(Nolint->get("baselineState"));
  EXPECT_EQ(
      (*Nolint->getArray("suppressions"))[0].getAsObject()->getString("kind"),
      "inSource");
  const json::Object *Fresh = (*Results)[2].getAsObject();
  EXPECT_EQ(Fresh->getString("baselineState"), "new");
  EXPECT_FALSE(Fresh->get("suppressions"));

  // No docs directory known: no helpUri, the help all the same.
  std::string Plain;
  llvm::raw_string_ostream PO(Plain);
  writeSarif(PO, sample(), "/src");
  json::Value P = parse(Plain);
  const json::Object *PRule = (*(*P.getAsObject()->getArray("runs"))[0]
                                    .getAsObject()
                                    ->getObject("tool")
                                    ->getObject("driver")
                                    ->getArray("rules"))[0]
                                  .getAsObject();
  EXPECT_FALSE(PRule->get("helpUri"));
  EXPECT_TRUE(PRule->getObject("help")->getString("markdown"));
  for (const json::Value &R :
       *(*P.getAsObject()->getArray("runs"))[0].getAsObject()->getArray(
           "results")) {
    EXPECT_FALSE(R.getAsObject()->get("baselineState"));
    EXPECT_FALSE(R.getAsObject()->get("suppressions"));
  }
}

// A line with multi-byte characters before the finding: the caret goes under
// the right character (display columns, as clang), and SARIF, which says its
// columns count code points, gives that column, not the byte column.
TEST(OutputTest, ColumnsCountCharactersNotBytes) {
  Finding F;
  F.Check = "warplint-block-size";
  // "/* ∑ 日本 */ k<<<1, 100>>>(p);": 'k' is byte 18 (column 19), code
  // point 13, display column 15.
  F.SourceLine =
      "/* \xE2\x88\x91 \xE6\x97\xA5\xE6\x9C\xAC */ k<<<1, 100>>>(p);";
  F.Loc = {"/src/a.cu", 3, 19, 13};
  F.Message = "m";
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeText(OS, {F}, /*Color=*/false);
  EXPECT_NE(S.find("\n" + std::string(14, ' ') + "^\n"), std::string::npos)
      << S;
  std::string Sarif;
  llvm::raw_string_ostream SOS(Sarif);
  writeSarif(SOS, {F}, "/src");
  json::Value V = parse(Sarif);
  const json::Object *Run =
      (*V.getAsObject()->getArray("runs"))[0].getAsObject();
  EXPECT_EQ(Run->getString("columnKind"), "unicodeCodePoints");
  const json::Object *R = (*Run->getArray("results"))[0].getAsObject();
  EXPECT_EQ((*R->getArray("locations"))[0]
                .getAsObject()
                ->getObject("physicalLocation")
                ->getObject("region")
                ->getInteger("startColumn"),
            13);
}

// A long line is cut to a window around the caret, marked "...", the caret
// still under the character it names; a line of a megabyte prints no more
// than a window, whether the finding kept it whole or cut it already.
TEST(OutputTest, LongLinesAreCutAroundTheCaret) {
  std::string Line(1 << 20, ' ');
  size_t At = 700000;
  Line.replace(At, 5, "HERE!");
  Finding F;
  F.Check = "warplint-bank-conflict";
  F.Loc = {"/src/a.cu", 1, unsigned(At + 1)};
  F.Message = "m";
  F.SourceLine = Line;
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeText(OS, {F}, /*Color=*/false);
  llvm::SmallVector<llvm::StringRef, 4> Lines;
  llvm::StringRef(S).split(Lines, '\n');
  ASSERT_GE(Lines.size(), 3u);
  llvm::StringRef Src = Lines[1], Caret = Lines[2];
  EXPECT_LE(Src.size(), 2 * SnippetWindowColumns) << Src.size();
  EXPECT_TRUE(Src.starts_with("...")) << Src.str();
  EXPECT_TRUE(Src.ends_with("...")) << Src.str();
  EXPECT_EQ(Src.substr(Caret.size() - 1, 5), "HERE!") << S;

  // The same finding as the analysis keeps it: the window and where it
  // starts in the line.
  Finding G = F;
  G.SourceLine = Line.substr(At - 10, 40);
  G.SourceLineBegin = unsigned(At - 10);
  G.SourceLineCut = true;
  std::string T;
  llvm::raw_string_ostream TOS(T);
  writeText(TOS, {G}, /*Color=*/false);
  EXPECT_NE(T.find("\n..." + Line.substr(At - 10, 40) + "...\n" +
                   std::string(13, ' ') + "^\n"),
            std::string::npos)
      << T;
}

TEST(OutputTest, FileUriEncoding) {
  EXPECT_EQ(fileUri("/a b/c#d.cu"), "file:///a%20b/c%23d.cu");
  EXPECT_EQ(fileUri("/x/y-z_1.cu"), "file:///x/y-z_1.cu");
}

TEST(FindingTest, SortAndDeduplicate) {
  std::vector<Finding> V = sample();
  V.push_back(V[0]);
  V.push_back(V[1]);
  sortAndDeduplicate(V);
  ASSERT_EQ(V.size(), 2u);
  EXPECT_EQ(V[0].Loc.File, "/elsewhere/b.cu");
}

TEST(OutputTest, GithubCommands) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeGithub(OS, sample(), "/src");
  EXPECT_EQ(S, "::warning file=dir with space/a.cu,line=12,col=10,"
               "title=warplint-block-size::launch of 'k' uses a block of 100 "
               "threads%0Anote: dir with space/a.cu:11:3: defined here\n"
               "::error file=/elsewhere/b.cu,line=3,col=1,"
               "title=warplint-block-size::launch of 'k' uses a block of 100 "
               "threads\n");
}

TEST(OutputTest, GithubEscaping) {
  // @actions/core: data escapes %, CR and LF; properties also ':' and ','.
  EXPECT_EQ(githubEscapeData("100% of 1,024: a\r\nb"),
            "100%25 of 1,024: a%0D%0Ab");
  EXPECT_EQ(githubEscapeProperty("C:\\a,b%c\nd"), "C%3A\\a%2Cb%25c%0Ad");
  Finding F;
  F.Check = "warplint-bank-conflict";
  F.Loc = {"/w/odd,name:1%.cu", 7, 0};
  F.Message = "50% of lanes: 2-way\nconflict";
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeGithub(OS, {F}, "/w");
  EXPECT_EQ(S, "::warning file=odd%2Cname%3A1%25.cu,line=7,"
               "title=warplint-bank-conflict::50%25 of lanes: 2-way%0A"
               "conflict\n");
}
