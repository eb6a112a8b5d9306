// Unit tests of .warplint.yaml parsing, discovery and precedence
// (warplint/Core/Config.h).
#include "warplint/Core/Config.h"
#include "warplint/Core/InputFile.h"
#include "warplint/Core/Options.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"
#include <sys/stat.h>
#include <unistd.h>

using namespace warplint;

static std::string errorOf(llvm::StringRef Yaml) {
  auto C = parseConfig(Yaml, "/p/.warplint.yaml");
  if (C)
    return "";
  return llvm::toString(C.takeError());
}

TEST(ConfigTest, EveryKey) {
  auto C = parseConfig(R"(
Checks: '-*,warplint-bank-conflict'
Archs: [sm_80, sm_90a]
MinOccupancy: 0.25
BlockDim: '32,8'
WarningsAsErrors: 'warplint-block-size'
FailOn: error
Werror: yes
Baseline: ci/baseline.json
CheckOptions:
  warplint-block-size.LaunchBounds: false
)",
                       "/p/q/.warplint.yaml");
  ASSERT_TRUE(bool(C)) << llvm::toString(C.takeError());
  EXPECT_EQ(*C->Checks, "-*,warplint-bank-conflict");
  EXPECT_EQ(*C->Archs, (std::vector<std::string>{"sm_80", "sm_90"}));
  EXPECT_EQ(*C->WarningsAsErrors, "warplint-block-size");
  EXPECT_EQ(*C->FailOnLevel, FailOn::Error);
  EXPECT_TRUE(*C->Werror);
  EXPECT_EQ(*C->Baseline, "/p/q/ci/baseline.json");
  ASSERT_EQ(C->CheckOptions.size(), 3u);
  EXPECT_EQ(C->CheckOptions[0].first, "warplint-occupancy.MinOccupancy");
  EXPECT_EQ(C->CheckOptions[0].second, "0.25");
  EXPECT_EQ(C->CheckOptions[1].first, "warplint-bank-conflict.BlockDim");
  EXPECT_EQ(C->CheckOptions[2].first, "warplint-block-size.LaunchBounds");
}

TEST(ConfigTest, EmptyFileAndCommentsConfigureNothing) {
  for (const char *Text : {"", "# nothing\n", "---\n"}) {
    auto C = parseConfig(Text, "/p/.warplint.yaml");
    ASSERT_TRUE(bool(C)) << llvm::toString(C.takeError());
    EXPECT_FALSE(C->Checks || C->Archs || C->Werror || C->FailOnLevel);
    EXPECT_TRUE(C->CheckOptions.empty());
  }
}

TEST(ConfigTest, ArchsAsACommaList) {
  auto C = parseConfig("Archs: 'sm_75,90'\n", "");
  ASSERT_TRUE(bool(C));
  EXPECT_EQ(*C->Archs, (std::vector<std::string>{"sm_75", "sm_90"}));
}

TEST(ConfigTest, ClangTidyStyleCheckOptionList) {
  auto C = parseConfig("CheckOptions:\n"
                       "  - key: warplint-occupancy.MinOccupancy\n"
                       "    value: 0.75\n",
                       "");
  ASSERT_TRUE(bool(C)) << llvm::toString(C.takeError());
  ASSERT_EQ(C->CheckOptions.size(), 1u);
  EXPECT_EQ(C->CheckOptions[0].second, "0.75");
}

TEST(ConfigTest, ErrorsNameFileLineAndColumn) {
  EXPECT_EQ(errorOf("Chekcs: '*'\n").substr(0, 40),
            "/p/.warplint.yaml:1:1: unknown key 'Chek");
  EXPECT_NE(errorOf("Archs: [sm_80, sm_99]\n")
                .find(":1:16: unknown GPU "
                      "architecture 'sm_99'"),
            std::string::npos);
  EXPECT_NE(errorOf("MinOccupancy: 2\n").find(":1:15: "), std::string::npos);
  EXPECT_NE(errorOf("BlockDim: 'x'\n").find("BlockDim"), std::string::npos);
  EXPECT_NE(errorOf("FailOn: sometimes\n")
                .find("FailOn takes warning, error "
                      "or never"),
            std::string::npos);
  EXPECT_NE(errorOf("Werror: maybe\n").find("Werror takes true or false"),
            std::string::npos);
  EXPECT_NE(errorOf("Checks: 'warplint-*,nonsense-['\n"), "");
  EXPECT_NE(errorOf("CheckOptions:\n  warplint-nope.X: 1\n")
                .find("unknown check option"),
            std::string::npos);
  EXPECT_NE(errorOf("- a\n- b\n").find("expected a mapping"),
            std::string::npos);
  EXPECT_NE(errorOf("Checks: [a\n"), "");
  EXPECT_NE(
      errorOf("Checks: '*'\n---\nChecks: '-*'\n").find("single YAML document"),
      std::string::npos);
}

TEST(ConfigTest, CommandLineWins) {
  auto C = parseConfig("Checks: '-*,warplint-occupancy'\n"
                       "Archs: sm_90\n"
                       "MinOccupancy: 0.25\n"
                       "BlockDim: 64\n",
                       "");
  ASSERT_TRUE(bool(C));
  Options O;
  CommandLineSet Given;
  Given.Archs = true;
  Given.CheckOptionKeys = {"warplint-bank-conflict.BlockDim"};
  O.CheckOptions["warplint-bank-conflict.BlockDim"] = "128";
  ASSERT_FALSE(bool(applyConfig(*C, O, Given)));
  EXPECT_FALSE(O.Checks.isEnabled(CheckId::BlockSize));
  EXPECT_TRUE(O.Checks.isEnabled(CheckId::Occupancy));
  EXPECT_EQ(O.Archs, (std::vector<std::string>{"sm_80"}));
  EXPECT_EQ(O.getDouble("warplint-occupancy.MinOccupancy", 0.5), 0.25);
  EXPECT_EQ(O.CheckOptions["warplint-bank-conflict.BlockDim"], "128");
}

TEST(ConfigTest, NearestFileUpwardWins) {
  llvm::SmallString<128> Root;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("warplint-config", Root));
  auto Write = [](llvm::StringRef Path, llvm::StringRef Text) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    ASSERT_FALSE(EC);
    OS << Text;
  };
  llvm::SmallString<128> Sub(Root), Deeper(Root), Top(Root), Mid(Root);
  llvm::sys::path::append(Sub, "a");
  llvm::sys::path::append(Deeper, "a", "b");
  ASSERT_FALSE(llvm::sys::fs::create_directories(Deeper));
  llvm::sys::path::append(Top, ".warplint.yaml");
  llvm::sys::path::append(Mid, "a", ".warplint.yaml");
  Write(Top, "Archs: sm_90\n");
  Write(Mid, "Archs: sm_75\n");

  llvm::SmallString<128> Src(Deeper);
  llvm::sys::path::append(Src, "k.cu");
  auto C = findConfigFor(Src);
  ASSERT_TRUE(bool(C));
  ASSERT_TRUE(C->has_value());
  EXPECT_EQ((*C)->Path, std::string(Mid));
  EXPECT_EQ(*(*C)->Archs, (std::vector<std::string>{"sm_75"}));

  llvm::SmallString<128> TopSrc(Root);
  llvm::sys::path::append(TopSrc, "k.cu");
  C = findConfigFor(TopSrc);
  ASSERT_TRUE(bool(C) && C->has_value());
  EXPECT_EQ(*(*C)->Archs, (std::vector<std::string>{"sm_90"}));

  Write(Mid, "Archs: sm_1\n"); // broken: an error, not "no config"
  C = findConfigFor(Src);
  ASSERT_FALSE(bool(C));
  EXPECT_NE(llvm::toString(C.takeError()).find("unknown GPU architecture"),
            std::string::npos);
  llvm::sys::fs::remove_directories(Root);
}

// Every user-named file goes through readInputFile: regular files only,
// a FIFO refused without blocking, a cap on the size.
TEST(InputFileTest, ReadsRegularFilesUpToTheCap) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("warplint-input", Dir));
  std::string File = (Dir + "/f.txt").str();
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(File, EC);
    OS << "0123456789";
  }
  auto Text = readInputFile(File, 10, "a test file");
  ASSERT_TRUE(bool(Text)) << llvm::toString(Text.takeError());
  EXPECT_EQ(*Text, "0123456789");
  auto Big = readInputFile(File, 9, "a test file");
  ASSERT_FALSE(bool(Big));
  EXPECT_EQ(llvm::toString(Big.takeError()),
            "larger than the 9 bytes limit for a test file (10 bytes)");

  std::string Fifo = (Dir + "/fifo").str();
  ASSERT_EQ(::mkfifo(Fifo.c_str(), 0600), 0);
  auto F = readInputFile(Fifo, 1 << 20, "a test file");
  ASSERT_FALSE(bool(F));
  EXPECT_EQ(llvm::toString(F.takeError()), "not a regular file (a FIFO)");
  EXPECT_EQ(unreadableReason(Fifo), "not a regular file (a FIFO)");

  auto Zero = readInputFile("/dev/zero", 1 << 20, "a test file");
  ASSERT_FALSE(bool(Zero));
  EXPECT_EQ(llvm::toString(Zero.takeError()),
            "not a regular file (a character device)");
  auto D = readInputFile(Dir, 1 << 20, "a test file");
  ASSERT_FALSE(bool(D));
  EXPECT_EQ(llvm::toString(D.takeError()), "is a directory");
  EXPECT_EQ(unreadableReason(File), "");
  EXPECT_EQ(byteSize(64u << 20), "64 MiB");
  llvm::sys::fs::remove_directories(Dir);
}
