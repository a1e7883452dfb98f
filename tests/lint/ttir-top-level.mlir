// Triton's TTIR tests write functions at the top, without a module (the
// shape of test/Triton/ops.mlir): valid IR, linted as one module.
tt.func @cast_ops(%scalar_ptr: !tt.ptr<f32>, %scalar_i64: i64) {
  %0 = tt.int_to_ptr %scalar_i64 : i64 -> !tt.ptr<f32>
  tt.return
}
