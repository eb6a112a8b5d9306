// Unit tests of the database `warplint compdb` writes
// (warplint/Pipeline/CompileDatabaseWriter.h): the entries' JSON, the
// headers beside it. In warplint-analysis-unittests, which links Clang's
// tooling library (the database is read with it).
#include "warplint/Pipeline/CompileDatabaseWriter.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace warplint;
using namespace llvm;

TEST(CompileDatabaseWriterTest, WritesDatabaseAndHeaders) {
  SmallString<128> Dir;
  ASSERT_FALSE(sys::fs::createUniqueDirectory("compdb-db", Dir));
  SmallString<128> Build(Dir), Db(Dir), Out(Dir);
  sys::path::append(Build, "build");
  ASSERT_FALSE(sys::fs::create_directories(Build));
  sys::path::append(Db, "build", "compile_commands.json");
  sys::path::append(Out, "out", "compile_commands.json");
  {
    std::error_code EC;
    raw_fd_ostream OS(Db, EC);
    ASSERT_FALSE(EC);
    OS << "[{\"directory\": \".\", \"file\": \"k.cu\", \"command\": "
          "\"nvcc -DQ=\\\"a b\\\" -gencode arch=compute_80,code=sm_80 -c "
          "k.cu\"},\n {\"directory\": \".\", \"file\": \"h.cpp\", "
          "\"command\": \"g++ -c h.cpp\", \"output\": \"h.o\"}]\n";
  }
  Expected<ExportedDatabase> W = writeExportedDatabase(Build, Out, {});
  ASSERT_TRUE(bool(W)) << toString(W.takeError());
  EXPECT_EQ(W->Entries, 2u);
  EXPECT_EQ(W->Translated, 1u);
  SmallString<128> Prelude(W->HeaderDir);
  sys::path::append(Prelude, "__warplint_cuda_prelude.h");
  EXPECT_TRUE(sys::fs::exists(Prelude));

  auto Text = MemoryBuffer::getFile(Out);
  ASSERT_TRUE(bool(Text));
  Expected<json::Value> V = json::parse((*Text)->getBuffer());
  ASSERT_TRUE(bool(V)) << toString(V.takeError());
  json::Array &A = *V->getAsArray();
  ASSERT_EQ(A.size(), 2u);
  json::Object &Nvcc = *A[0].getAsObject();
  EXPECT_EQ(*Nvcc.getString("directory"), Build.str());
  EXPECT_FALSE(Nvcc.get("command"));
  json::Array &Argv = *Nvcc.getArray("arguments");
  // One argument with its space, escaped as JSON: no shell quoting.
  EXPECT_TRUE(is_contained(Argv, json::Value("-DQ=a b")));
  json::Object &Host = *A[1].getAsObject();
  EXPECT_EQ(*Host.getString("command"), "g++ -c h.cpp");
  EXPECT_EQ(*Host.getString("output"), "h.o");
  EXPECT_EQ(*Host.getString("directory"), Build.str());

  // The database read is not overwritten.
  Expected<ExportedDatabase> Same = writeExportedDatabase(Build, Db, {});
  ASSERT_FALSE(bool(Same));
  EXPECT_NE(toString(Same.takeError()).find("is the database read"),
            std::string::npos);
  sys::fs::remove_directories(Dir);
}
