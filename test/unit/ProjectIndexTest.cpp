// Unit tests of the calls between translation units
// (warplint/Core/ProjectIndex.h).
#include "warplint/Core/ProjectIndex.h"
#include "gtest/gtest.h"

using namespace warplint;
using llvm::Expected;
using llvm::toString;

namespace {

ProjectCall call(std::string Callee, unsigned Line,
                 std::vector<std::optional<int64_t>> Args) {
  ProjectCall C;
  C.Callee = std::move(Callee);
  C.Name = "f";
  C.File = "/src/main.cpp";
  C.Line = Line;
  C.Args = std::move(Args);
  return C;
}

TEST(ProjectIndexTest, KeepsEachCallOnceByCallee) {
  ProjectIndex I;
  I.add({call("_Z1fi", 3, {32}), call("_Z1fi", 3, {32}), call("_Z1fi", 4, {64}),
         call("_Z1gv", 5, {})});
  EXPECT_EQ(I.size(), 3u);
  ASSERT_EQ(I.callsOf("_Z1fi").size(), 2u);
  EXPECT_EQ(I.callsOf("_Z1fi")[0].Args[0], 32);
  EXPECT_EQ(I.callsOf("_Z1fi")[1].Args[0], 64);
  EXPECT_TRUE(I.callsOf("_Z1hv").empty());
  // The same call from another run adds nothing.
  I.add({call("_Z1fi", 4, {64})});
  EXPECT_EQ(I.size(), 3u);
}

TEST(ProjectIndexTest, RoundTripsThroughJSON) {
  ProjectIndex I;
  I.add({call("_Z1fii", 7, {std::nullopt, -5}),
         call("_Z1fii", 9, {INT64_MAX, 0})});
  Expected<ProjectIndex> Back = ProjectIndex::fromJSON(I.toJSON());
  ASSERT_TRUE(bool(Back)) << toString(Back.takeError());
  EXPECT_EQ(Back->toJSON(), I.toJSON());
  ASSERT_EQ(Back->callsOf("_Z1fii").size(), 2u);
  EXPECT_EQ(Back->callsOf("_Z1fii")[0].Args,
            (std::vector<std::optional<int64_t>>{std::nullopt, -5}));
  EXPECT_EQ(Back->callsOf("_Z1fii")[1].Args[0], INT64_MAX);
  EXPECT_EQ(Back->callsOf("_Z1fii")[1].File, "/src/main.cpp");
}

TEST(ProjectIndexTest, ALaunchKeepsItsBlock) {
  ProjectCall Launch =
      call("kernel k void (float *, int)", 5, {std::nullopt, 32});
  Launch.Block = std::array<uint64_t, 3>{16, 16, 1};
  ProjectCall Call = Launch;
  Call.Block.reset();
  ProjectIndex I;
  I.add({Launch, Call}); // a launch and a call are two entries
  ASSERT_EQ(I.size(), 2u);
  Expected<ProjectIndex> Back = ProjectIndex::fromJSON(I.toJSON());
  ASSERT_TRUE(bool(Back)) << toString(Back.takeError());
  auto Calls = Back->callsOf("kernel k void (float *, int)");
  ASSERT_EQ(Calls.size(), 2u);
  EXPECT_FALSE(Calls[0].Block);
  ASSERT_TRUE(Calls[1].Block);
  EXPECT_EQ((*Calls[1].Block)[0], 16u);
  EXPECT_EQ((*Calls[1].Block)[1], 16u);
  EXPECT_EQ((*Calls[1].Block)[2], 1u);
  for (const char *Bad : {"[0, 1, 1]", "[32, 1]", "[1025, 1, 1]", "\"32\""})
    EXPECT_FALSE(bool(ProjectIndex::fromJSON(
        std::string("{\"version\": 1, \"calls\": [{\"callee\": \"k\", "
                    "\"args\": [], \"block\": ") +
        Bad + "}]}")))
        << Bad;
}

TEST(ProjectIndexTest, RejectsWhatIsNotAnIndex) {
  auto Why = [](llvm::StringRef Text) {
    Expected<ProjectIndex> I = ProjectIndex::fromJSON(Text);
    return I ? std::string("accepted") : toString(I.takeError());
  };
  EXPECT_EQ(Why("[1, 2]"), "not a warplint project index: the top level is "
                           "not an object");
  EXPECT_EQ(Why("{\"calls\": []}"),
            "not a warplint project index: version missing (this warplint "
            "reads version 1)");
  EXPECT_EQ(Why("{\"version\": 1}"),
            "not a warplint project index: no \"calls\" array");
  EXPECT_EQ(Why("{\"version\": 1, \"calls\": [{\"args\": []}]}"),
            "not a warplint project index: call 0 lacks \"callee\" or "
            "\"args\"");
  EXPECT_EQ(Why("{\"version\": 1, \"calls\": [{\"callee\": \"f\", "
                "\"args\": [1.5]}]}"),
            "not a warplint project index: call 0 has an argument that is "
            "neither an integer nor null");
  EXPECT_NE(Why("{\"version\": 1, "), "accepted");
  EXPECT_EQ(Why("{\"version\": 1, \"calls\": []}"), "accepted");
}

} // namespace
