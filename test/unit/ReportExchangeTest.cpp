// Unit tests of the launcher's side of the ptxas report exchange
// (warplint/Driver/ReportExchange.h): a published report appears whole, or
// empty for none, and warplint's side reads it. (ChecksTest has the
// waiting.)
#include "warplint/Driver/ReportExchange.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "gtest/gtest.h"

using namespace warplint;

TEST(ReportExchangeTest, PublishedReportsAreRead) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("warplint-exchange", Dir));
  std::string Report = (Dir + "/report.txt").str();
  std::string None = (Dir + "/none.txt").str();
  publishPtxasReport(Report, "ptxas info : Used 32 registers");
  publishPtxasReport(None, "");
  EXPECT_FALSE(llvm::sys::fs::exists(Report + ".part"));
  ASSERT_TRUE(llvm::sys::fs::exists(None));
  auto Empty = llvm::MemoryBuffer::getFile(None);
  ASSERT_TRUE(bool(Empty));
  EXPECT_TRUE((*Empty)->getBuffer().empty());
  PendingPtxasReports P({Report, None});
  P.MaxWaitSeconds = 0;
  const auto &Got = P.get();
  ASSERT_EQ(Got.size(), 1u); // an empty file is no report
  EXPECT_EQ(Got[0].first, Report);
  EXPECT_EQ(Got[0].second, "ptxas info : Used 32 registers");
  llvm::sys::fs::remove_directories(Dir);
}
