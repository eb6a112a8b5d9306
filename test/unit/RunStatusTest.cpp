// Unit tests of the status warplint writes for warplint-launch
// (warplint/Driver/RunStatus.h): its JSON round trip, what it says failed,
// and the files it refuses.
#include "warplint/Driver/RunStatus.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace warplint;

static RunStatus sample() {
  RunStatus S;
  S.Files.push_back({"a.cu", "", "", {}});
  S.Files.push_back({"b.cu", "", "", {"ptxas failed for sm_80: x", "y"}});
  S.Files.push_back({"c.cu",
                     "4 clang errors and no function free of errors "
                     "to analyse",
                     "",
                     {}});
  S.Files.push_back({"d.cu", "", "signal 11", {}});
  S.Warnings = 3;
  S.Errors = 1;
  return S;
}

static std::string errorText(llvm::Error E) {
  return llvm::toString(std::move(E));
}

TEST(RunStatusTest, RoundTrip) {
  RunStatus S = sample();
  std::string Text;
  llvm::raw_string_ostream(Text) << toJson(S);
  auto Back = parseRunStatus(Text);
  ASSERT_TRUE(bool(Back)) << errorText(Back.takeError());
  EXPECT_TRUE(*Back == S);
  EXPECT_EQ(Back->Files[1].PtxasErrors.back(), "y");

  RunStatus Stopped;
  Stopped.StoppedBy = "invalid .warplint.yaml";
  Text.clear();
  llvm::raw_string_ostream(Text) << toJson(Stopped);
  Back = parseRunStatus(Text);
  ASSERT_TRUE(bool(Back)) << errorText(Back.takeError());
  EXPECT_TRUE(*Back == Stopped);
  EXPECT_FALSE(*Back == S);
}

TEST(RunStatusTest, TheFormat) {
  RunStatus S;
  S.Files.push_back({"k.cu", "no AST", "", {}});
  S.Warnings = 2;
  std::string Text;
  llvm::raw_string_ostream(Text) << toJson(S);
  EXPECT_EQ(Text, R"({"files":[{"analysed":false,"fatal":"no AST","file":)"
                  R"("k.cu","ptxasErrors":[]}],"findings":{"error":0,)"
                  R"("warning":2},"version":1})");
}

TEST(RunStatusTest, WhatFailedFirst) {
  RunStatus S = sample();
  EXPECT_TRUE(S.Files[0].analysed());
  EXPECT_EQ(S.Files[0].message(), "");
  EXPECT_EQ(S.failure(), "cannot analyse c.cu: 4 clang errors and no "
                         "function free of errors to analyse");
  EXPECT_EQ(S.Files[3].message(),
            "analysing d.cu crashed (signal 11); the other files' results "
            "stand");
  S.StoppedBy = "bad baseline";
  EXPECT_EQ(S.failure(), "bad baseline");
  EXPECT_EQ(RunStatus().failure(), "");
  ASSERT_NE(S.file("b.cu"), nullptr);
  EXPECT_EQ(S.file("b.cu")->PtxasErrors.size(), 2u);
  EXPECT_EQ(S.file("e.cu"), nullptr);
}

TEST(RunStatusTest, DamagedStatusesAreErrors) {
  for (const char *Text :
       {"", "{", "[]", "{\"version\": 1}",
        "{\"version\": 2, \"files\": [], "
        "\"findings\": {\"warning\": 0, \"error\": 0}}",
        "{\"version\": 1, \"files\": [{\"file\": \"k.cu\"}], \"findings\": "
        "{\"warning\": 0, \"error\": 0}}",
        "{\"version\": 1, \"files\": [], \"findings\": {\"warning\": -1, "
        "\"error\": 0}}",
        "{\"version\": 1, \"files\": [{\"file\": \"k.cu\", \"analysed\": "
        "true, \"fatal\": \"x\", \"ptxasErrors\": []}], \"findings\": "
        "{\"warning\": 0, \"error\": 0}}"}) {
    auto S = parseRunStatus(Text);
    ASSERT_FALSE(bool(S)) << Text;
    EXPECT_NE(errorText(S.takeError()).find("status"), std::string::npos)
        << Text;
  }
  std::string Deep(1000, '[');
  auto S = parseRunStatus(Deep);
  ASSERT_FALSE(bool(S));
  EXPECT_NE(errorText(S.takeError()).find("256"), std::string::npos);
}

TEST(RunStatusTest, WrittenAndReadBack) {
  llvm::SmallString<128> Path;
  ASSERT_FALSE(
      llvm::sys::fs::createTemporaryFile("warplint-status", "json", Path));
  RunStatus S = sample();
  ASSERT_FALSE(bool(writeRunStatus(Path, S)));
  auto Back = readRunStatus(Path);
  ASSERT_TRUE(bool(Back)) << errorText(Back.takeError());
  EXPECT_TRUE(*Back == S);
  llvm::sys::fs::remove(Path);
  // A warplint that crashed wrote none.
  Back = readRunStatus(Path);
  ASSERT_FALSE(bool(Back));
  EXPECT_NE(errorText(Back.takeError()).find("cannot read"), std::string::npos);
}
