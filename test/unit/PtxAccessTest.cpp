// Unit tests of the inline-PTX reader (warplint/Model/PtxAccess.h).
#include "warplint/Model/PtxAccess.h"
#include "gtest/gtest.h"

using namespace warplint::model;

TEST(PtxAccessTest, Ldmatrix) {
  auto A = findPtxSharedAccesses(
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n");
  ASSERT_EQ(A.size(), 1u);
  EXPECT_EQ(A[0].Instruction, "ldmatrix.x4");
  EXPECT_FALSE(A[0].Store);
  EXPECT_EQ(A[0].Bytes, 16u);
  EXPECT_EQ(A[0].AddressLanes, 32u);
  EXPECT_EQ(A[0].Operand.Index, 4u);
  EXPECT_EQ(A[0].Offset, 0);
  EXPECT_FALSE(A[0].Generic);
  EXPECT_TRUE(A[0].Unsupported.empty());

  A = findPtxSharedAccesses(
      "ldmatrix.sync.aligned.m8n8.x2.trans.shared::cta.b16 {%0, %1}, "
      "[%[addr] + 0x20];");
  ASSERT_EQ(A.size(), 1u);
  EXPECT_EQ(A[0].Instruction, "ldmatrix.x2.trans");
  EXPECT_EQ(A[0].AddressLanes, 16u);
  EXPECT_EQ(A[0].Operand.Name, "addr");
  EXPECT_EQ(A[0].Offset, 32);

  // No state space: a generic address.
  A = findPtxSharedAccesses("ldmatrix.sync.aligned.m8n8.x1.b16 {%0}, [%1];");
  ASSERT_EQ(A.size(), 1u);
  EXPECT_TRUE(A[0].Generic);
  EXPECT_EQ(A[0].AddressLanes, 8u);
}

TEST(PtxAccessTest, StmatrixAndOtherShapes) {
  auto A = findPtxSharedAccesses(
      "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1,%2,%3,%4};");
  ASSERT_EQ(A.size(), 1u);
  EXPECT_TRUE(A[0].Store);
  EXPECT_EQ(A[0].Instruction, "stmatrix.x4.trans");
  EXPECT_EQ(A[0].Operand.Index, 0u);

  A = findPtxSharedAccesses(
      "ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8 {%0,%1}, [%2];");
  ASSERT_EQ(A.size(), 1u);
  EXPECT_NE(A[0].Unsupported.find(".m16n16"), std::string::npos);
}

TEST(PtxAccessTest, AsyncCopies) {
  auto A = findPtxSharedAccesses(
      "cp.async.cg.shared.global.L2::128B [%0], [%1], 16, %2;\n"
      "cp.async.commit_group;\n"
      "cp.async.ca.shared::cta.global [%3], [%4], %5;\n"
      "cp.async.wait_group 0;\n"
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes "
      "[%6], [%7], %8, [%9];\n");
  ASSERT_EQ(A.size(), 2u);
  EXPECT_EQ(A[0].Instruction, "cp.async.cg");
  EXPECT_TRUE(A[0].Store);
  EXPECT_EQ(A[0].Bytes, 16u);
  EXPECT_EQ(A[0].Operand.Index, 0u);
  EXPECT_EQ(A[0].Line, 0u);
  EXPECT_EQ(A[1].Instruction, "cp.async.ca");
  EXPECT_EQ(A[1].Bytes, 0u);
  EXPECT_EQ(A[1].SizeOperand.Index, 5u);
  EXPECT_EQ(A[1].Operand.Index, 3u);
  EXPECT_EQ(A[1].Line, 2u);

  A = findPtxSharedAccesses("cp.async.ca.shared.global [%0], [%1], 12;");
  ASSERT_EQ(A.size(), 1u);
  EXPECT_NE(A[0].Unsupported.find("not 4, 8 or 16"), std::string::npos);
}

TEST(PtxAccessTest, LoadsAndStores) {
  auto A = findPtxSharedAccesses(
      "{\n"
      "  .reg .pred p;\n"
      "  setp.ne.b32 p, %2, 0;\n"
      "  @p ld.shared.v4.u32 {%0,%1,%0,%1}, [%3+16];  // comment; not code\n"
      "  /* st.shared.b32 [%3], %2; */\n"
      "  st.volatile.shared.f16x2 [%3], %2;\n"
      "  ld.global.u32 %0, [%4];\n"
      "  ld.shared::cluster.u32 %0, [%4];\n"
      "}\n");
  ASSERT_EQ(A.size(), 2u);
  EXPECT_EQ(A[0].Instruction, "ld.shared.v4.u32");
  EXPECT_EQ(A[0].Bytes, 16u);
  EXPECT_EQ(A[0].Offset, 16);
  EXPECT_EQ(A[0].Line, 3u);
  EXPECT_EQ(A[1].Instruction, "st.shared.f16x2");
  EXPECT_TRUE(A[1].Store);
  EXPECT_EQ(A[1].Bytes, 4u);
}

TEST(PtxAccessTest, AddressesTheAsmComputes) {
  auto A = findPtxSharedAccesses(
      "{ .reg .u32 a; cvta.to.shared.u32 a, %1;\n"
      "  ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [a]; }");
  ASSERT_EQ(A.size(), 1u);
  EXPECT_NE(A[0].Unsupported.find("computed inside the asm"),
            std::string::npos);
  A = findPtxSharedAccesses("st.shared.u32 [%%r1], %0;");
  ASSERT_EQ(A.size(), 1u);
  EXPECT_FALSE(A[0].Unsupported.empty());
  A = findPtxSharedAccesses("st.shared.u32 [%0*4], %1;");
  ASSERT_EQ(A.size(), 1u);
  EXPECT_FALSE(A[0].Unsupported.empty());
  EXPECT_TRUE(findPtxSharedAccesses("").empty());
  EXPECT_TRUE(findPtxSharedAccesses(";;;{}").empty());
  EXPECT_TRUE(findPtxSharedAccesses("mov.u32 %0, %%laneid;").empty());
}

// The data operands of ld/st.shared, whatever their register class ("=f",
// "=h", "=d", a vector of them): only the address operand is the access's.
TEST(PtxAccessTest, LoadStoreDataOperandsOfAnyClass) {
  auto A = findPtxSharedAccesses("ld.shared.f32 %0, [%1];\n"
                                 "ld.shared.b16 %0, [%1];\n"
                                 "ld.shared.v2.f32 {%0,%1}, [%2];\n"
                                 "st.shared.f64 [%[addr]], %[v];\n"
                                 "ld.shared.v4.f32 {%0, %1, %2, %3}, [%4+8];");
  ASSERT_EQ(A.size(), 5u);
  EXPECT_EQ(A[0].Instruction, "ld.shared.f32");
  EXPECT_EQ(A[0].Bytes, 4u);
  EXPECT_EQ(A[0].Operand.Index, 1u);
  EXPECT_EQ(A[1].Bytes, 2u);
  EXPECT_EQ(A[1].Operand.Index, 1u);
  EXPECT_EQ(A[2].Instruction, "ld.shared.v2.f32");
  EXPECT_EQ(A[2].Bytes, 8u);
  EXPECT_EQ(A[2].Operand.Index, 2u);
  EXPECT_TRUE(A[3].Store);
  EXPECT_EQ(A[3].Bytes, 8u);
  EXPECT_EQ(A[3].Operand.Name, "addr");
  EXPECT_EQ(A[4].Bytes, 16u);
  EXPECT_EQ(A[4].Operand.Index, 4u);
  EXPECT_EQ(A[4].Offset, 8);
  for (const PtxSharedAccess &X : A)
    EXPECT_TRUE(X.Unsupported.empty())
        << X.Instruction << ": " << X.Unsupported;
}

// `[%1+%2]`: an operand (an immediate, "n") added to the address.
TEST(PtxAccessTest, OffsetOperand) {
  auto A = findPtxSharedAccesses("ld.shared.f32 %0, [%1+%2];\n"
                                 "st.shared.b32 [%[a] - %[off]], %0;\n"
                                 "ld.shared.f32 %0, [%1+%%r2];");
  ASSERT_EQ(A.size(), 3u);
  EXPECT_EQ(A[0].Operand.Index, 1u);
  EXPECT_EQ(A[0].OffsetOperand.Index, 2u);
  EXPECT_FALSE(A[0].OffsetNegated);
  EXPECT_TRUE(A[0].Unsupported.empty());
  EXPECT_EQ(A[1].Operand.Name, "a");
  EXPECT_EQ(A[1].OffsetOperand.Name, "off");
  EXPECT_TRUE(A[1].OffsetNegated);
  EXPECT_NE(A[2].Unsupported.find("adds '%%r2'"), std::string::npos)
      << A[2].Unsupported;
}

TEST(PtxAccessTest, ValueConstraints) {
  for (const char *C : {"r", "h", "l", "f", "d", "n", "c", "b", "q", "=r", "=f",
                        "=h", "=l", "=d", "+r", "+f", "=&r", "0", "ri"})
    EXPECT_TRUE(isValueConstraint(C)) << C;
  for (const char *C : {"", "=", "+", "m", "=m", "g", "rm", "X", "p", "o"})
    EXPECT_FALSE(isValueConstraint(C)) << C;
}
