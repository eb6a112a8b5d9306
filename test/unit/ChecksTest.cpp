// Unit tests of check selection and options (warplint/Core/Checks.h,
// warplint/Core/Options.h).
#include "warplint/Core/Checks.h"
#include "warplint/Core/Options.h"
#include "warplint/Driver/ReportExchange.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"
#include <chrono>
#include <thread>

using namespace warplint;

static std::string errorText(llvm::Error E) {
  return llvm::toString(std::move(E));
}

TEST(ChecksTest, EveryCheckHasTheWarplintPrefixAndADescription) {
  ASSERT_FALSE(allChecks().empty());
  for (const CheckInfo &C : allChecks()) {
    EXPECT_TRUE(llvm::StringRef(C.Name).starts_with("warplint-"))
        << C.Name.str();
    EXPECT_FALSE(llvm::StringRef(C.Description).empty());
    EXPECT_EQ(&checkInfo(C.Id), &C);
  }
}

TEST(ChecksTest, GlobsApplyLeftToRight) {
  auto F = CheckFilter::parse("-*,warplint-block-size");
  ASSERT_TRUE(bool(F));
  EXPECT_TRUE(F->isEnabled(CheckId::BlockSize));
  F = CheckFilter::parse("warplint-*,-warplint-block-*");
  ASSERT_TRUE(bool(F));
  EXPECT_FALSE(F->isEnabled(CheckId::BlockSize));
  EXPECT_TRUE(F->isEnabled(CheckId::BankConflict));
  EXPECT_TRUE(F->any());
  F = CheckFilter::parse("warplint-*,-warplint-*");
  ASSERT_TRUE(bool(F));
  EXPECT_FALSE(F->any());
  F = CheckFilter::parse(" -* , warplint-* ");
  ASSERT_TRUE(bool(F));
  EXPECT_TRUE(F->isEnabled("warplint-block-size"));
  EXPECT_FALSE(F->isEnabled("warplint-no-such-check"));
  EXPECT_TRUE(CheckFilter().isEnabled(CheckId::BlockSize));
}

TEST(ChecksTest, InvalidGlobIsAnError) {
  auto F = CheckFilter::parse("warplint-[");
  ASSERT_FALSE(bool(F));
  EXPECT_NE(errorText(F.takeError()).find("invalid check glob 'warplint-['"),
            std::string::npos);
}

TEST(OptionsTest, ArchList) {
  auto A = parseArchList("sm_80,sm_90");
  ASSERT_TRUE(bool(A));
  EXPECT_EQ(*A, (std::vector<std::string>{"sm_80", "sm_90"}));
  A = parseArchList("90a,compute_86,sm_80,sm_80");
  ASSERT_TRUE(bool(A));
  EXPECT_EQ(*A, (std::vector<std::string>{"sm_90", "sm_86", "sm_80"}));
  A = parseArchList("sm_100f");
  ASSERT_TRUE(bool(A));
  EXPECT_EQ(A->front(), "sm_100");
}

TEST(OptionsTest, UnknownArchListsTheKnownOnes) {
  auto A = parseArchList("sm_81");
  ASSERT_FALSE(bool(A));
  std::string E = errorText(A.takeError());
  EXPECT_NE(E.find("unknown GPU architecture 'sm_81'"), std::string::npos);
  EXPECT_NE(E.find("sm_50"), std::string::npos);
  EXPECT_NE(E.find("sm_121"), std::string::npos);
  EXPECT_FALSE(bool(parseArchList("")) ? true : false);
}

TEST(OptionsTest, EveryKnownArchParsesInEveryForm) {
  // Each architecture warplint has data for is accepted as --arch takes it,
  // in each spelling, and the list is in compute-capability order.
  unsigned Previous = 0;
  for (llvm::StringRef Name : knownArchs()) {
    llvm::StringRef Number = Name.drop_front(3);
    for (std::string Spelling :
         {Name.str(), Number.str(), ("compute_" + Number).str()}) {
      auto A = parseArchList(Spelling);
      ASSERT_TRUE(bool(A)) << Spelling << ": " << errorText(A.takeError());
      EXPECT_EQ(*A, std::vector<std::string>{Name.str()}) << Spelling;
    }
    unsigned CC = 0;
    ASSERT_FALSE(Number.getAsInteger(10, CC)) << Name.str();
    EXPECT_GT(CC, Previous) << Name.str();
    Previous = CC;
  }
}

TEST(OptionsTest, ParseBlockDimAccepts) {
  EXPECT_EQ(parseBlockDim("32"), (model::Dim3{32, 1, 1}));
  EXPECT_EQ(parseBlockDim("32,8"), (model::Dim3{32, 8, 1}));
  EXPECT_EQ(parseBlockDim("16x16"), (model::Dim3{16, 16, 1}));
  EXPECT_EQ(parseBlockDim("8x8x4"), (model::Dim3{8, 8, 4}));
  EXPECT_EQ(parseBlockDim("8,8,4"), (model::Dim3{8, 8, 4}));
  EXPECT_EQ(parseBlockDim(" 32 , 8 "), (model::Dim3{32, 8, 1}));
  EXPECT_EQ(parseBlockDim("1024"), (model::Dim3{1024, 1, 1}));
  EXPECT_EQ(parseBlockDim("1x1x64"), (model::Dim3{1, 1, 64}));
  EXPECT_EQ(parseBlockDim("32x32"), (model::Dim3{32, 32, 1}));
}

TEST(OptionsTest, ParseBlockDimRejects) {
  for (const char *S : {"0", "2048", "1025", "33x33", "1x1x65", "a", "",
                        "1,2,3,4", "32x0", "32,", "-32", "32x8,2", "4x4x4x4"})
    EXPECT_FALSE(parseBlockDim(S).has_value()) << '"' << S << '"';
}

TEST(OptionsTest, CheckOptions) {
  Options O;
  EXPECT_TRUE(O.getBool("warplint-block-size.LaunchBounds", true));
  EXPECT_FALSE(
      bool(O.setCheckOption("warplint-block-size.LaunchBounds=false")));
  EXPECT_FALSE(O.getBool("warplint-block-size.LaunchBounds", true));
  std::string E = errorText(O.setCheckOption("warplint-block-size.Nope=1"));
  EXPECT_NE(E.find("unknown check option 'warplint-block-size.Nope'"),
            std::string::npos);
  E = errorText(O.setCheckOption("warplint-block-size.LaunchBounds=maybe"));
  EXPECT_NE(E.find("takes true or false"), std::string::npos);
  E = errorText(O.setCheckOption("LaunchBounds"));
  EXPECT_NE(E.find("not of the form"), std::string::npos);
}

// Reports written while the analysis runs (warplint-launch): read once, by
// the first thread that needs them, after waiting for each file.
TEST(OptionsTest, PendingPtxasReportsWaitForTheirFiles) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("warplint-pending", Dir));
  std::string Report = (Dir + "/report.txt").str();
  std::string Empty = (Dir + "/empty.txt").str();
  Options O;
  O.PtxasReports.push_back({"given", "ptxas info : given"});
  O.Pending = std::make_shared<PendingPtxasReports>(
      std::vector<std::string>{Report, Empty});
  Options Copy = O; // what a parallel file gets: the same pending reports
  std::thread Writer([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    auto Write = [](const std::string &Path, llvm::StringRef Text) {
      std::error_code EC;
      {
        llvm::raw_fd_ostream OS(Path + ".tmp", EC);
        OS << Text;
      }
      llvm::sys::fs::rename(Path + ".tmp", Path);
    };
    Write(Report, "ptxas info : Used 32 registers");
    Write(Empty, "");
  });
  std::vector<std::pair<std::string, std::string>> A, B;
  std::thread Reader([&] { B = Copy.ptxasReports(); });
  A = O.ptxasReports();
  Reader.join();
  Writer.join();
  ASSERT_EQ(A.size(), 2u); // the given one and the report; not the empty one
  EXPECT_EQ(A[0].first, "given");
  EXPECT_EQ(A[1].first, Report);
  EXPECT_EQ(A[1].second, "ptxas info : Used 32 registers");
  EXPECT_EQ(A, B);
  llvm::sys::fs::remove_directories(Dir);
}

TEST(OptionsTest, PendingPtxasReportsGiveUpAfterTheirWait) {
  Options O;
  auto P = std::make_shared<PendingPtxasReports>(
      std::vector<std::string>{"/nonexistent/warplint/report.txt"});
  P->MaxWaitSeconds = 0;
  O.Pending = P;
  EXPECT_TRUE(O.ptxasReports().empty());
}

TEST(ChecksTest, GlobsThatNameNoCheckAreListedWithTheNearestName) {
  std::vector<std::string> U =
      unmatchedChecks("warplint-block-size,warplint-bank-conflit");
  ASSERT_EQ(U.size(), 1u);
  EXPECT_EQ(U[0], "'warplint-bank-conflit' names no warplint check (did you "
                  "mean 'warplint-bank-conflict'?)");
  // Negative globs and wildcards count too; a far name gets no suggestion.
  U = unmatchedChecks("-*,-warplint-occupncy,bugprone-*,warplint-*");
  ASSERT_EQ(U.size(), 2u);
  EXPECT_EQ(U[0], "'-warplint-occupncy' names no warplint check (did you "
                  "mean 'warplint-occupancy'?)");
  EXPECT_EQ(U[1], "'bugprone-*' names no warplint check");
  EXPECT_TRUE(unmatchedChecks("-*,warplint-*,warplint-block-size").empty());
  EXPECT_EQ(didYouMean("-*,warplint-bank-conflit"),
            " (did you mean 'warplint-bank-conflict' for "
            "'warplint-bank-conflit'?)");
  EXPECT_EQ(didYouMean("-*"), "");
}
