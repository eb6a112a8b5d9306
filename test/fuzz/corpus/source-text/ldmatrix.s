ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];
stmatrix.sync.aligned.m8n8.x2.shared::cta.b16 [%[addr]+16], {%0, %1};
cp.async.cg.shared.global [%0], [%1], 16;
cp.async.ca.shared.global [%0+8], [%1], %2;
ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];
st.shared.b64 [%0], %1;
