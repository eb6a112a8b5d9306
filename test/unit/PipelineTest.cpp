// Unit tests of the pipeline every front end calls: the settings of a file
// (warplint/Pipeline/Settings.h) and the reporting policy
// (warplint/Pipeline/Reporting.h).
#include "warplint/Pipeline/Reporting.h"
#include "warplint/Pipeline/Settings.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace warplint;
using llvm::SmallString;

namespace {

/// A temporary directory with a .warplint.yaml (and other files) in it.
struct Project {
  SmallString<128> Dir;
  Project() { EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("wl", Dir)); }
  ~Project() { llvm::sys::fs::remove_directories(Dir); }
  std::string write(llvm::StringRef Name, llvm::StringRef Text) {
    SmallString<128> P(Dir);
    llvm::sys::path::append(P, Name);
    std::error_code EC;
    llvm::raw_fd_ostream(P, EC) << Text;
    EXPECT_FALSE(EC);
    return std::string(P);
  }
  std::string file() { return write("k.cu", "__global__ void k() {}\n"); }
};

Finding finding(llvm::StringRef Check, Severity L, llvm::StringRef File,
                unsigned Line, llvm::StringRef Msg = "m") {
  Finding F;
  F.Check = Check.str();
  F.Level = L;
  F.Loc = {File.str(), Line, 1};
  F.Message = Msg.str();
  return F;
}

} // namespace

TEST(SettingsTest, ArgumentsAreValidatedOnce) {
  Arguments A;
  A.Checks = "warplint-*,-warplint-occupancy";
  A.Archs = "sm_90";
  A.CheckOptions = {"warplint-block-size.LaunchBounds=false"};
  auto S = Settings::create(A);
  ASSERT_TRUE(bool(S)) << llvm::toString(S.takeError());
  EXPECT_FALSE(S->base().Checks.isEnabled(CheckId::Occupancy));
  EXPECT_EQ(S->base().Archs, std::vector<std::string>{"sm_90"});
  EXPECT_TRUE(S->base().ArchsGiven);
  EXPECT_FALSE(S->base().getBool("warplint-block-size.LaunchBounds", true));

  for (auto Bad : {&Arguments::Archs, &Arguments::Checks}) {
    Arguments B;
    B.*Bad = Bad == &Arguments::Archs ? "sm_1" : "warplint-[";
    auto E = Settings::create(B);
    EXPECT_FALSE(bool(E));
    llvm::consumeError(E.takeError());
  }
  Arguments C;
  C.CheckOptions = {"warplint-block-size.NoSuchOption=1"};
  auto E = Settings::create(C);
  ASSERT_FALSE(bool(E));
  EXPECT_NE(llvm::toString(E.takeError()).find("NoSuchOption"),
            std::string::npos);
}

TEST(SettingsTest, TheArgumentsWinOverTheNearestConfiguration) {
  Project P;
  P.write(".warplint.yaml", "Checks: '-*,warplint-block-size'\n"
                            "Archs: [sm_75]\nFailOn: error\nWerror: true\n"
                            "WarningsAsErrors: 'warplint-block-size'\n");
  std::string File = P.file();

  auto Plain = Settings::create(Arguments());
  ASSERT_TRUE(bool(Plain));
  auto F = Plain->forFile(File);
  ASSERT_TRUE(bool(F)) << llvm::toString(F.takeError());
  EXPECT_FALSE(F->Opts.Checks.isEnabled(CheckId::BankConflict));
  EXPECT_EQ(F->Opts.Archs, std::vector<std::string>{"sm_75"});
  EXPECT_EQ(F->Fail, FailOn::Error);
  EXPECT_TRUE(F->Werror);
  EXPECT_EQ(F->WarningsAsErrors, "warplint-block-size");
  EXPECT_NE(F->ConfigPath.find(".warplint.yaml"), std::string::npos);

  Arguments A;
  A.Checks = "warplint-bank-conflict";
  A.Fail = FailOn::Never;
  A.WarningsAsErrors = "";
  auto Given = Settings::create(A);
  ASSERT_TRUE(bool(Given));
  auto G = Given->forFile(File);
  ASSERT_TRUE(bool(G));
  EXPECT_TRUE(G->Opts.Checks.isEnabled(CheckId::BankConflict));
  EXPECT_EQ(G->Opts.Archs, std::vector<std::string>{"sm_75"});
  EXPECT_EQ(G->Fail, FailOn::Never);
  EXPECT_EQ(G->WarningsAsErrors, "");

  Arguments NoConfig;
  NoConfig.NoConfig = true;
  auto N = Settings::create(NoConfig)->forFile(File);
  ASSERT_TRUE(bool(N));
  EXPECT_TRUE(N->ConfigPath.empty());
  EXPECT_EQ(N->Fail, FailOn::Warning);
}

TEST(SettingsTest, StrictStopsLenientSaysAndGoesOn) {
  Project P;
  P.write(".warplint.yaml", "Checks: '-*,warplint-block-size'\nNoSuchKey: 1\n");
  std::string File = P.file();
  auto Strict = Settings::create(Arguments())->forFile(File);
  ASSERT_FALSE(bool(Strict));
  EXPECT_NE(llvm::toString(Strict.takeError()).find("NoSuchKey"),
            std::string::npos);

  std::vector<std::string> Ignored;
  auto Lenient = Settings::create(Arguments())->forFile(File, &Ignored);
  ASSERT_TRUE(bool(Lenient));
  ASSERT_EQ(Ignored.size(), 1u);
  EXPECT_EQ(Ignored[0].rfind("ignoring ", 0), 0u);
  // The defaults, not half of the file.
  EXPECT_TRUE(Lenient->Opts.Checks.isEnabled(CheckId::BankConflict));

  Arguments Missing;
  Missing.ConfigFile = P.Dir.str().str() + "/none.yaml";
  Ignored.clear();
  auto M = Settings::create(Missing)->forFile(File, &Ignored);
  ASSERT_TRUE(bool(M));
  ASSERT_EQ(Ignored.size(), 1u);
  EXPECT_EQ(Ignored[0], "ignoring " + Missing.ConfigFile + ": no such file");
}

TEST(SettingsTest, BaselinesAreReadOnceAndNamed) {
  Project P;
  P.write(".warplint.yaml", "Baseline: missing.json\n");
  std::string File = P.file();
  auto Strict = Settings::create(Arguments())->forFile(File);
  ASSERT_FALSE(bool(Strict));
  EXPECT_NE(llvm::toString(Strict.takeError()).find("(Baseline of "),
            std::string::npos);

  std::vector<std::string> Ignored;
  auto Lenient = Settings::create(Arguments())->forFile(File, &Ignored);
  ASSERT_TRUE(bool(Lenient));
  EXPECT_TRUE(Lenient->BaselinePath.empty());
  ASSERT_EQ(Ignored.size(), 1u);
  EXPECT_EQ(Ignored[0].rfind("ignoring baseline: ", 0), 0u);

  std::string B = P.write("base.json", baselineText({}, P.Dir));
  Arguments A;
  A.BaselineFile = B;
  auto S = Settings::create(A);
  ASSERT_TRUE(bool(S));
  auto F = S->forFile(File);
  ASSERT_TRUE(bool(F)) << llvm::toString(F.takeError());
  EXPECT_EQ(F->BaselinePath, B);
  EXPECT_EQ(S->baselines().count(B), 1u);

  Arguments Off;
  Off.NoConfigBaseline = true;
  auto O = Settings::create(Off)->forFile(File);
  ASSERT_TRUE(bool(O));
  EXPECT_TRUE(O->BaselinePath.empty());
}

TEST(ReportingTest, SeverityAndFailOn) {
  EXPECT_EQ(reportedSeverity(Severity::Warning, "warplint-block-size",
                             "warplint-block-*"),
            Severity::Error);
  EXPECT_EQ(reportedSeverity(Severity::Warning, "warplint-occupancy",
                             "warplint-block-*"),
            Severity::Warning);
  EXPECT_EQ(reportedSeverity(Severity::Note, "warplint-block-size", "*"),
            Severity::Note);
  EXPECT_EQ(reportedSeverity(Severity::Warning, "warplint-block-size", ""),
            Severity::Warning);
  EXPECT_TRUE(failsRun(Severity::Warning, FailOn::Warning));
  EXPECT_FALSE(failsRun(Severity::Warning, FailOn::Error));
  EXPECT_TRUE(failsRun(Severity::Error, FailOn::Error));
  EXPECT_FALSE(failsRun(Severity::Error, FailOn::Never));
}

TEST(ReportingTest, OnceEachInOrderEachUnderItsFilesPolicy) {
  FileSettings Lax, Strict;
  Lax.Fail = FailOn::Never;
  Strict.Fail = FailOn::Error;
  Strict.WarningsAsErrors = "warplint-block-size";

  FindingReport Never;
  Never.add(finding("warplint-block-size", Severity::Warning, "/b.cu", 2), Lax);
  Never.add(finding("warplint-block-size", Severity::Warning, "/a.cu", 9), Lax);
  // The same finding from another file that includes it: said once.
  Never.add(finding("warplint-block-size", Severity::Warning, "/a.cu", 9), Lax);
  std::map<std::string, Baseline> None;
  FindingReport::Outcome O = Never.finish(None);
  ASSERT_EQ(O.Reported.size(), 2u);
  EXPECT_EQ(O.Reported[0].Loc.File, "/a.cu");
  EXPECT_FALSE(O.Failing);

  FindingReport Promoted;
  Promoted.add(finding("warplint-block-size", Severity::Warning, "/a.cu", 1),
               Strict);
  O = Promoted.finish(None);
  ASSERT_EQ(O.Reported.size(), 1u);
  EXPECT_EQ(O.Reported[0].Level, Severity::Error);
  EXPECT_TRUE(O.Failing);
}

TEST(ReportingTest, TheBaselineTakesItsFindings) {
  Finding Old =
      finding("warplint-block-size", Severity::Warning, "/p/a.cu", 3, "old");
  Finding Gone = finding("warplint-block-size", Severity::Warning, "/p/a.cu", 7,
                         "fixed since");
  auto B = Baseline::parse(baselineText({Old, Gone}, "/p"), "/p", "/p/b.json");
  ASSERT_TRUE(bool(B)) << llvm::toString(B.takeError());
  std::map<std::string, Baseline> Baselines;
  Baselines.emplace("/p/b.json", std::move(*B));
  FileSettings S;
  S.BaselinePath = "/p/b.json";

  FindingReport R;
  R.add(Old, S);
  R.add(finding("warplint-block-size", Severity::Warning, "/p/a.cu", 5, "new"),
        S);
  FindingReport::Outcome O = R.finish(Baselines);
  ASSERT_EQ(O.Reported.size(), 1u);
  EXPECT_EQ(O.Reported[0].Message, "new");
  EXPECT_TRUE(O.Failing);
  ASSERT_EQ(O.BaselineNotes.size(), 1u);
  EXPECT_EQ(O.BaselineNotes[0], "1 finding in the baseline /p/b.json not "
                                "reported; 1 of its entries not found in "
                                "this run");
}

// A report that keeps suppressed findings (SARIF's) sets the baselined one
// aside, marked external, and the NOLINT'd one, marked in source; neither is
// reported nor fails the run. Without keepSuppressed both are dropped.
TEST(ReportingTest, KeepSuppressedSetsThemAside) {
  Finding Old =
      finding("warplint-block-size", Severity::Warning, "/p/a.cu", 3, "old");
  Finding Silenced =
      finding("warplint-block-size", Severity::Error, "/p/a.cu", 4, "silenced");
  Silenced.Suppressed = Finding::Suppression::InSource;
  for (bool Keep : {true, false}) {
    auto B = Baseline::parse(baselineText({Old}, "/p"), "/p", "/p/b.json");
    ASSERT_TRUE(bool(B)) << llvm::toString(B.takeError());
    std::map<std::string, Baseline> Baselines;
    Baselines.emplace("/p/b.json", std::move(*B));
    FileSettings S;
    S.BaselinePath = "/p/b.json";
    S.Fail = FailOn::Error;
    FindingReport R;
    R.keepSuppressed(Keep);
    R.add(Old, S);
    R.add(Silenced, S);
    R.add(
        finding("warplint-block-size", Severity::Warning, "/p/a.cu", 5, "new"),
        S);
    FindingReport::Outcome O = R.finish(Baselines);
    ASSERT_EQ(O.Reported.size(), 1u);
    EXPECT_EQ(O.Reported[0].Message, "new");
    EXPECT_TRUE(O.Reported[0].ComparedToBaseline);
    EXPECT_EQ(O.Reported[0].Suppressed, Finding::Suppression::None);
    EXPECT_FALSE(O.Failing); // the silenced error fails nothing
    if (!Keep) {
      EXPECT_TRUE(O.Suppressed.empty());
      continue;
    }
    ASSERT_EQ(O.Suppressed.size(), 2u);
    EXPECT_EQ(O.Suppressed[0].Message, "old");
    EXPECT_EQ(O.Suppressed[0].Suppressed, Finding::Suppression::External);
    EXPECT_EQ(O.Suppressed[0].Justification, "in the baseline /p/b.json");
    EXPECT_TRUE(O.Suppressed[0].ComparedToBaseline);
    EXPECT_EQ(O.Suppressed[1].Suppressed, Finding::Suppression::InSource);
  }
}

TEST(ReportingTest, TakeAllLeavesSuppressedOut) {
  FindingReport R;
  FileSettings S;
  Finding F = finding("c", Severity::Warning, "/z.cu", 1);
  F.Suppressed = Finding::Suppression::InSource;
  R.add(F, S);
  R.add(finding("c", Severity::Warning, "/y.cu", 1), S);
  std::vector<Finding> All = R.takeAll();
  ASSERT_EQ(All.size(), 1u);
  EXPECT_EQ(All[0].Loc.File, "/y.cu");
}

TEST(ReportingTest, TakeAllKeepsEveryFindingOnce) {
  FindingReport R;
  FileSettings S;
  R.add(finding("c", Severity::Warning, "/z.cu", 1), S);
  R.add(finding("c", Severity::Warning, "/y.cu", 1), S);
  R.add(finding("c", Severity::Warning, "/z.cu", 1), S);
  std::vector<Finding> All = R.takeAll();
  ASSERT_EQ(All.size(), 2u);
  EXPECT_EQ(All[0].Loc.File, "/y.cu");
}

TEST(ReportingTest, TakeNewGivesEachFilesFindingsOnceAsItFinishes) {
  FileSettings S;
  S.Fail = FailOn::Error;
  std::map<std::string, Baseline> None;
  FindingReport R;
  // The first file: its own finding and one in a header it includes,
  // sorted.
  R.add(finding("c", Severity::Warning, "/b.cu", 4), S);
  R.add(finding("c", Severity::Warning, "/h.cuh", 2), S);
  R.add(finding("c", Severity::Warning, "/b.cu", 1), S);
  std::vector<Finding> First = R.takeNew(None);
  ASSERT_EQ(First.size(), 3u);
  EXPECT_EQ(First[0].Loc.Line, 1u);
  EXPECT_EQ(First[2].Loc.File, "/h.cuh");
  // The second file sees the header too: said once, with the first.
  R.add(finding("c", Severity::Warning, "/h.cuh", 2), S);
  R.add(finding("c", Severity::Error, "/a.cu", 3), S);
  std::vector<Finding> Second = R.takeNew(None);
  ASSERT_EQ(Second.size(), 1u);
  EXPECT_EQ(Second[0].Loc.File, "/a.cu");
  // finish(): nothing left, failing from the error taken before.
  FindingReport::Outcome O = R.finish(None);
  EXPECT_TRUE(O.Reported.empty());
  EXPECT_TRUE(O.Failing);
}
