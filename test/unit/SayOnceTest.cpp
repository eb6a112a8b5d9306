//===-- SayOnceTest.cpp - A message many compiles of one build share -----===//
#include "warplint/Core/SayOnce.h"
#include "ScratchDir.h"
#include "gtest/gtest.h"

using namespace warplint;

namespace {

TEST(SayOnceTest, OncePerProcessWithoutADirectory) {
  EXPECT_TRUE(sayOnce("process-only message", ""));
  EXPECT_FALSE(sayOnce("process-only message", ""));
  EXPECT_TRUE(sayOnce("another process-only message", ""));
}

TEST(SayOnceTest, RecordedInTheBuildDirectory) {
  test::ScratchDir Build;
  EXPECT_TRUE(sayOnce("build message", Build.Path));
  // The record another compile of the build finds (two processes:
  // test/checks/warplint-occupancy/no-report.cu).
  std::error_code EC;
  unsigned Records = 0;
  for (llvm::sys::fs::directory_iterator I(saidDirectory(Build.Path), EC), E;
       I != E && !EC; I.increment(EC)) {
    ++Records;
    auto Text = llvm::MemoryBuffer::getFile(I->path());
    ASSERT_TRUE(bool(Text));
    EXPECT_EQ((*Text)->getBuffer(), "build message\n");
  }
  EXPECT_EQ(Records, 1u);
  EXPECT_FALSE(sayOnce("build message", Build.Path));
}

TEST(SayOnceTest, SaidWhenNothingCanBeRecorded) {
  test::ScratchDir Build;
  std::string File = Build.write("not-a-directory", "x");
  EXPECT_TRUE(sayOnce("unrecordable message", File));
}

} // namespace
