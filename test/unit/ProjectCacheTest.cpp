// Unit tests of the project cache (warplint/Pipeline/ProjectCache.h): its
// entries' format, what makes an entry stale, and what makes a key.
#include "warplint/Pipeline/ProjectCache.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace warplint;
using namespace llvm;

namespace {

ProjectCall call(std::string Callee, std::vector<std::optional<int64_t>> Args) {
  ProjectCall C;
  C.Callee = std::move(Callee);
  C.Name = "f";
  C.File = "/src/main.cpp";
  C.Line = 4;
  C.Args = std::move(Args);
  return C;
}

/// A temporary directory, removed at the end of the test.
struct TempDir {
  SmallString<128> Path;
  TempDir() {
    EXPECT_FALSE(sys::fs::createUniqueDirectory("warplint-cache", Path));
  }
  ~TempDir() { sys::fs::remove_directories(Path); }
  std::string file(StringRef Name) const {
    SmallString<128> P(Path);
    sys::path::append(P, Name);
    return std::string(P);
  }
};

void write(const std::string &Path, StringRef Text) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  ASSERT_FALSE(EC);
  OS << Text;
}

/// Sets the modification time of Path (an old one: the cache does not
/// store what changed while it ran).
void setTime(const std::string &Path, int64_t Seconds) {
  int FD;
  ASSERT_FALSE(sys::fs::openFileForWrite(Path, FD, sys::fs::CD_OpenExisting,
                                         sys::fs::OF_Append));
  sys::TimePoint<> T{std::chrono::seconds(Seconds)};
  EXPECT_FALSE(sys::fs::setLastAccessAndModificationTime(FD, T, T));
  sys::Process::SafelyCloseFileDescriptor(FD);
}

TEST(ProjectCacheTest, EntryRoundTripsThroughJSON) {
  IndexEntry E;
  E.Outgoing = {call("_Z1fii", {std::nullopt, -5})};
  E.Wanted = {"_Z3runv", "_Z4mainv"};
  std::vector<FileStamp> Deps(1);
  Deps[0].Path = "/src/a.cu";
  Deps[0].Size = 12;
  Deps[0].MTime = 1234567890123456789;
  Deps[0].Hash = 0xfedcba9876543210u;
  IndexEntry Back;
  std::vector<FileStamp> BackDeps;
  ASSERT_TRUE(entryFromJSON(entryToJSON(E, Deps), Back, BackDeps));
  EXPECT_EQ(Back.Outgoing, E.Outgoing);
  EXPECT_EQ(Back.Wanted, E.Wanted);
  ASSERT_EQ(BackDeps.size(), 1u);
  EXPECT_EQ(BackDeps[0].MTime, Deps[0].MTime);
  EXPECT_EQ(BackDeps[0].Hash, Deps[0].Hash);
  // Damaged entries are not read.
  for (StringRef Bad : {"", "{", "[]", R"({"version": 2})",
                        R"({"version": 1, "read": [], "calls": []})",
                        R"({"version": 1, "read": [{"path": "a"}],
                            "calls": [], "wanted": []})",
                        R"({"version": 1, "read": [], "calls": [{}],
                            "wanted": []})"}) {
    IndexEntry X;
    std::vector<FileStamp> D;
    EXPECT_FALSE(entryFromJSON(Bad, X, D)) << Bad.str();
  }
}

TEST(ProjectCacheTest, KeysDifferByPartsAndReachingCalls) {
  std::string A = ProjectCache::key({"/src/a.cu", "clang++ -c a.cu"}, {});
  EXPECT_EQ(A, ProjectCache::key({"/src/a.cu", "clang++ -c a.cu"}, {}));
  EXPECT_NE(A, ProjectCache::key({"/src/a.cu", "clang++ -O2 -c a.cu"}, {}));
  // Parts are not simply joined: moving text between them is another key.
  EXPECT_NE(ProjectCache::key({"ab", "c"}, {}),
            ProjectCache::key({"a", "bc"}, {}));
  EXPECT_NE(A, ProjectCache::key({"/src/a.cu", "clang++ -c a.cu"},
                                 {call("_Z1fi", {16})}));
  EXPECT_NE(ProjectCache::key({"/src/a.cu"}, {call("_Z1fi", {16})}),
            ProjectCache::key({"/src/a.cu"}, {call("_Z1fi", {32})}));
}

TEST(ProjectCacheTest, EntriesLastWhileTheFilesReadAreUnchanged) {
  TempDir T;
  std::string Src = T.file("a.cu"), Header = T.file("a.h");
  write(Src, "int a;\n");
  write(Header, "int h;\n");
  setTime(Src, 1000000000);
  setTime(Header, 1000000000);
  std::string Problem;
  ProjectCache C = ProjectCache::open(T.file("cache"), Problem);
  ASSERT_TRUE(C.enabled()) << Problem;
  IndexEntry E;
  E.Outgoing = {call("_Z1fi", {16})};
  E.Wanted = {"_Z3runi"};
  std::string Key = ProjectCache::key({Src}, {});
  EXPECT_FALSE(C.lookup(Key));
  // A file mapped in memory (the prelude) counts as one that is absent.
  C.store(Key, E, {Src, Header, T.file("prelude/cuda.h")});
  EXPECT_EQ(C.Stores, 1u);
  std::optional<IndexEntry> Got = C.lookup(Key);
  ASSERT_TRUE(Got);
  EXPECT_EQ(Got->Outgoing, E.Outgoing);
  EXPECT_EQ(Got->Wanted, E.Wanted);

  // Touched, same content: still good (the content is compared).
  setTime(Header, 1000000100);
  EXPECT_TRUE(C.lookup(Key));
  // The same size and another content: stale.
  write(Header, "int k;\n");
  setTime(Header, 1000000200);
  EXPECT_FALSE(C.lookup(Key));
  write(Header, "int h;\n");
  setTime(Header, 1000000300);
  EXPECT_TRUE(C.lookup(Key));
  // A file that was absent and now exists: stale.
  sys::fs::create_directories(T.file("prelude"));
  write(T.file("prelude/cuda.h"), "\n");
  EXPECT_FALSE(C.lookup(Key));
  sys::fs::remove(T.file("prelude/cuda.h"));
  EXPECT_TRUE(C.lookup(Key));
  // Removed: stale.
  sys::fs::remove(Src);
  EXPECT_FALSE(C.lookup(Key));
}

TEST(ProjectCacheTest, DoesNotStoreWhatChangedDuringTheRun) {
  TempDir T;
  std::string Src = T.file("a.cu");
  write(Src, "int a;\n"); // written now: after the run began
  std::string Problem;
  ProjectCache C = ProjectCache::open(T.file("cache"), Problem);
  ASSERT_TRUE(C.enabled()) << Problem;
  std::string Key = ProjectCache::key({Src}, {});
  C.store(Key, IndexEntry(), {Src});
  EXPECT_EQ(C.Stores, 0u);
  EXPECT_FALSE(C.lookup(Key));
}

TEST(ProjectCacheTest, DamagedEntryIsAMiss) {
  TempDir T;
  std::string Src = T.file("a.cu");
  write(Src, "int a;\n");
  setTime(Src, 1000000000);
  std::string Problem;
  ProjectCache C = ProjectCache::open(T.file("cache"), Problem);
  ASSERT_TRUE(C.enabled()) << Problem;
  std::string Key = ProjectCache::key({Src}, {});
  C.store(Key, IndexEntry(), {Src});
  ASSERT_EQ(C.Stores, 1u);
  SmallString<128> Entry(C.directory());
  sys::path::append(Entry, Key + ".json");
  write(std::string(Entry), "{\"version\": 1, \"read\": [");
  EXPECT_FALSE(C.lookup(Key));
  EXPECT_EQ(C.Misses, 1u);
}

TEST(ProjectCacheTest, SaysWhyThereIsNone) {
  TempDir T;
  write(T.file("plain"), "x");
  std::string Problem;
  ProjectCache C = ProjectCache::open(T.file("plain"), Problem);
  EXPECT_FALSE(C.enabled());
  EXPECT_NE(Problem.find("cannot make"), std::string::npos) << Problem;
  // No cache: lookups miss, stores do nothing.
  C.store("k", IndexEntry(), {T.file("plain")});
  EXPECT_FALSE(C.lookup("k"));
}

} // namespace
