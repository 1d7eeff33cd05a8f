/* test_optim.c — the optimizers, gradient clipping and learning-rate schedules against
   torch.optim, torch.nn.utils.clip_grad_norm_ and torch.optim.lr_scheduler (expected values from
   tests/train/gen_optim.py, which names each case's source), and the state's save and load. */
#include "test.h"
#include "util.h"

#include "optim_expected.h"

static const int64_t shapes[3][2] = {{3, 4}, {5, 0}, {0, 0}};
static const int ndims[3] = {2, 1, 0};
static const int offsets[4] = {0, 12, 17, 18};

/* The three parameters of the generated cases, from flat values, requiring grad. */
static void make_params(st_dtype dt, const double *flat, st_tensor **p) {
  for (int i = 0; i < 3; i++) {
    p[i] = tu_tensor(dt, ndims[i], shapes[i], flat + offsets[i]);
    st_set_requires_grad(p[i], true);
  }
}

static void make_grads(st_dtype dt, int step, st_tensor **g) {
  for (int i = 0; i < 3; i++)
    g[i] = tu_tensor(dt, ndims[i], shapes[i], optim_grads[step] + offsets[i]);
}

/* Sets every .grad to the generated gradient of `step` through a backward of
   sum_i sum(p_i * G_i) (so .grad is G_i exactly), leaving parameter 1 without one at the skip
   step. */
static int set_grads_by_backward(st_optim *opt, st_tensor **p, int step, st_dtype dt) {
  st_tensor *g[3];
  make_grads(dt, step, g);
  if (st_optim_zero_grad(opt)) return -1;
  st_tensor *loss = NULL;
  for (int i = 0; i < 3; i++) {
    if (step == OPTIM_SKIP_STEP && i == 1) continue;
    st_tensor *term = st_sum_all(st_mul(p[i], g[i]));
    loss = loss ? st_add(loss, term) : term;
  }
  return st_backward(loss, NULL, false, false);
}

static double flat_value(st_tensor *const *p, int k) {
  int i = k < 12 ? 0 : k < 17 ? 1 : 2;
  double v[12];
  st_to_f64(p[i], v, st_numel(p[i]));
  return v[k - offsets[i]];
}

/* Compares the three parameters with want; reports the worst error relative to max(|want|, 0.1)
   (values near zero come out of cancellation, so their error follows the operands' scale). Not
   bitwise: PyTorch's f32 sqrt on the CPU goes through MKL's vector math, which is within 1 ulp
   but not correctly rounded (about 20% of results differ from sqrtf by 1 ulp on the machine that
   generated the file), while the loops here use the C library's sqrt; every other operation
   follows PyTorch's kernels exactly. */
static int check_params(const char *what, int step, st_tensor *const *p, const double *want,
                        double tol) {
  double worst = 0;
  int at = 0;
  for (int k = 0; k < OPTIM_NVALS; k++) {
    double got = flat_value(p, k), err = fabs(got - want[k]) / fmax(fabs(want[k]), 0.1);
    if (!(err <= worst)) worst = err, at = k;
  }
  if (!(worst <= tol)) {
    st_test_fail(__FILE__, __LINE__,
                 "%s, step %d: value %d is %.17g, torch %.17g (rel %.3g > %.3g)", what, step, at,
                 flat_value(p, at), want[at], worst, tol);
    return 1;
  }
  return 0;
}

static double tol_of(st_dtype dt) { return dt == ST_F32 ? 1e-6 : 1e-14; }

TEST(optim_defaults_are_torch_defaults) {
  for (int k = 0; k < 5; k++) {
    st_optim_opts got = st_optim_defaults((st_optim_kind)k), want = optim_defaults_want[k].opts;
    CHECK_EQ_INT(got.kind, want.kind);
    CHECK_NEAR(got.lr, want.lr, 0);
    CHECK_NEAR(got.beta1, want.beta1, 0);
    CHECK_NEAR(got.beta2, want.beta2, 0);
    CHECK_NEAR(got.eps, want.eps, 0);
    CHECK_NEAR(got.alpha, want.alpha, 0);
    CHECK_NEAR(got.weight_decay, want.weight_decay, 0);
    CHECK_NEAR(got.momentum, want.momentum, 0);
  }
}

/* Every case of gen_optim.py: six steps, the .grad set by a backward on even steps and given
   explicitly (st_optim_step_grads) on odd ones; parameter 1 has no gradient at the skip step. */
TEST(optim_updates_match_torch_optim_in_every_generated_case) {
  int ncases = (int)(sizeof optim_cases / sizeof optim_cases[0]);
  CHECK(ncases >= 70);
  for (int c = 0; c < ncases; c++) {
    const optim_case *oc = &optim_cases[c];
    st_scope_push();
    st_tensor *p[3];
    make_params(oc->dtype, optim_init, p);
    st_optim *opt = st_optim_new(3, p, &oc->opts);
    CHECK(opt != NULL);
    for (int s = 0; opt && s < OPTIM_NSTEPS; s++) {
      if (s % 2 == 0) {
        CHECK_EQ_INT(set_grads_by_backward(opt, p, s, oc->dtype), 0);
        CHECK_EQ_INT(st_optim_step(opt), 0);
      } else {
        st_tensor *g[3];
        make_grads(oc->dtype, s, g);
        if (s == OPTIM_SKIP_STEP) g[1] = NULL;
        CHECK_EQ_INT(st_optim_step_grads(opt, g), 0);
      }
      if (check_params(oc->name, s, p, oc->want[s], tol_of(oc->dtype))) break;
    }
    st_optim_free(opt);
    st_scope_pop();
  }
}

/* A parameter stored transposed is updated through a contiguous copy, to the same values. */
TEST(optim_updates_a_noncontiguous_parameter_like_a_contiguous_one) {
  const optim_case *oc = NULL;
  for (size_t c = 0; c < sizeof optim_cases / sizeof optim_cases[0]; c++)
    if (!strcmp(optim_cases[c].name, "Adam amsgrad f64")) oc = &optim_cases[c];
  CHECK(oc != NULL);
  if (!oc) return;
  st_tensor *p[3];
  make_params(ST_F64, optim_init, p);
  p[0] = tu_noncontig(ST_F64, 2, shapes[0], optim_init);
  st_set_requires_grad(p[0], true);
  CHECK(!st_is_contiguous(p[0]));
  st_optim *opt = st_optim_new(3, p, &oc->opts);
  for (int s = 0; s < OPTIM_NSTEPS; s++) {
    st_tensor *g[3];
    make_grads(ST_F64, s, g);
    if (s == OPTIM_SKIP_STEP) g[1] = NULL;
    CHECK_EQ_INT(st_optim_step_grads(opt, g), 0);
    check_params("noncontiguous Adam amsgrad", s, p, oc->want[s], tol_of(ST_F64));
  }
  CHECK(!st_is_contiguous(p[0]));
  st_optim_free(opt);
}

/* test/test_optim.py's premise: step() writes parameters in place outside the graph. They stay
   leaves that require grad, and a graph that saved the old value refuses its backward. */
TEST(optim_step_keeps_leaves_and_invalidates_graphs_that_saved_the_old_value) {
  st_tensor *w = tu_tensor(ST_F32, ST_SHAPE(3), (double[]){1, 2, 3});
  st_set_requires_grad(w, true);
  st_optim_opts o = st_optim_defaults(ST_OPTIM_SGD);
  o.lr = 0.5;
  st_optim *opt = st_optim_new(1, &w, &o);
  st_tensor *stale = st_sum_all(st_mul(w, w)); /* saves w */
  CHECK_EQ_INT(st_backward(st_sum_all(st_mul(w, w)), NULL, false, false), 0);
  CHECK_EQ_INT(st_optim_step(opt), 0);
  CHECK_CLOSE(w, 0, 0, 0, 0); /* w - 0.5 * 2w */
  CHECK(st_is_leaf(w));
  CHECK(st_requires_grad(w));
  CHECK_FAILS(st_backward(stale, NULL, false, false) != 0, ST_ERR_INPLACE, "");
  /* and the next graph works */
  st_optim_zero_grad(opt);
  CHECK_EQ_INT(st_backward(st_sum_all(st_mul_scalar(w, 3)), NULL, false, false), 0);
  CHECK_CLOSE(st_grad_of(w), 0, 3, 3, 3);
  st_optim_free(opt);
}

TEST(optim_step_skips_parameters_without_grad_and_zero_grad_drops_them) {
  st_tensor *a = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){1, 2});
  st_tensor *b = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){3, 4});
  st_set_requires_grad(a, true);
  st_set_requires_grad(b, true);
  st_optim_opts o = st_optim_defaults(ST_OPTIM_SGD);
  o.lr = 1;
  st_optim *opt = st_optim_new(2, (st_tensor *[]){a, b}, &o);
  CHECK_EQ_INT(st_backward(st_sum_all(a), NULL, false, false), 0);
  CHECK_EQ_INT(st_optim_step(opt), 0);
  CHECK_CLOSE(a, 0, 0, 1);
  CHECK_CLOSE(b, 0, 3, 4);
  CHECK_EQ_INT(st_optim_zero_grad(opt), 0);
  CHECK(st_grad_of(a) == NULL);
  CHECK_EQ_INT(st_optim_step(opt), 0); /* nothing to do */
  CHECK_CLOSE(a, 0, 0, 1);
  st_optim_free(opt);
}

TEST(optim_set_lr_changes_the_next_update) {
  st_tensor *a = tu_tensor(ST_F64, ST_SHAPE(1), (double[]){1});
  st_optim_opts o = st_optim_defaults(ST_OPTIM_SGD);
  st_optim *opt = st_optim_new(1, &a, &o);
  CHECK_NEAR(st_optim_get_lr(opt), 1e-3, 0);
  CHECK_EQ_INT(st_optim_set_lr(opt, 0.25), 0);
  CHECK_EQ_INT(st_optim_step_grads(opt, (st_tensor *[]){st_ones(ST_F64, ST_SHAPE(1))}), 0);
  CHECK_CLOSE(a, 0, 0.75);
  CHECK_FAILS(st_optim_set_lr(opt, -1) != 0, ST_ERR_ARG, "invalid learning rate");
  CHECK_NEAR(st_optim_get_lr(opt), 0.25, 0);
  st_optim_free(opt);
}

TEST(optim_new_rejects_bad_options_and_parameters) {
  st_tensor *a = tu_tensor(ST_F32, ST_SHAPE(2), (double[]){1, 2});
  st_tensor *i = tu_tensor(ST_I64, ST_SHAPE(2), (double[]){1, 2});
  st_optim_opts o = st_optim_defaults(ST_OPTIM_ADAM);
  o.lr = -1;
  CHECK_FAILS(st_optim_new(1, &a, &o) == NULL, ST_ERR_ARG, "invalid learning rate: -1");
  o = st_optim_defaults(ST_OPTIM_ADAM);
  o.beta2 = 1.0;
  CHECK_FAILS(st_optim_new(1, &a, &o) == NULL, ST_ERR_ARG, "beta parameter at index 1: 1");
  o = st_optim_defaults(ST_OPTIM_SGD);
  o.nesterov = true;
  CHECK_FAILS(st_optim_new(1, &a, &o) == NULL, ST_ERR_ARG, "nesterov");
  o = st_optim_defaults(ST_OPTIM_RMSPROP);
  o.alpha = -0.5;
  CHECK_FAILS(st_optim_new(1, &a, &o) == NULL, ST_ERR_ARG, "alpha");
  o.kind = (st_optim_kind)9;
  CHECK_FAILS(st_optim_new(1, &a, &o) == NULL, ST_ERR_ARG, "unknown optimizer kind 9");
  o = st_optim_defaults(ST_OPTIM_SGD);
  CHECK_FAILS(st_optim_new(1, &i, &o) == NULL, ST_ERR_DTYPE, "parameter 0 is i64");
  CHECK_FAILS(st_optim_new(2, (st_tensor *[]){a, a}, &o) == NULL, ST_ERR_ARG, "share");
  CHECK_FAILS(st_optim_new(1, (st_tensor *[]){NULL}, &o) == NULL, ST_ERR_ARG,
              "parameter 0 is NULL");
  CHECK_FAILS(st_optim_new(1, &a, NULL) == NULL, ST_ERR_ARG, "argument 3 is NULL");
}

TEST(optim_step_rejects_a_gradient_of_another_shape_and_changes_nothing) {
  st_tensor *a = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){1, 2});
  st_tensor *b = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){3, 4});
  st_optim_opts o = st_optim_defaults(ST_OPTIM_ADAM);
  st_optim *opt = st_optim_new(2, (st_tensor *[]){a, b}, &o);
  st_tensor *good = st_ones(ST_F64, ST_SHAPE(2)), *bad = st_ones(ST_F64, ST_SHAPE(3));
  CHECK_FAILS(st_optim_step_grads(opt, (st_tensor *[]){good, bad}) != 0, ST_ERR_SHAPE,
              "st_optim_step_grads: parameter 1 has shape [2] but its gradient [3]");
  CHECK_CLOSE(a, 0, 1, 2); /* the first parameter was not updated either */
  st_tensor *f32 = st_ones(ST_F32, ST_SHAPE(2));
  CHECK_FAILS(st_optim_step_grads(opt, (st_tensor *[]){f32, good}) != 0, ST_ERR_DTYPE, "f32");
  /* the step counts did not move: the state of a fresh optimizer */
  st_dict *d = st_dict_new();
  CHECK_EQ_INT(st_optim_state_save(opt, d), 0);
  CHECK_NEAR(st_item(st_dict_get(d, "optim.0.step")), 0, 0);
  CHECK(st_dict_get(d, "optim.0.exp_avg") == NULL);
  st_dict_free(d);
  st_optim_free(opt);
}

/* Trains k steps of a case's gradients from step `from`. */
static void run_steps(st_optim *opt, st_dtype dt, int from, int k) {
  for (int s = from; s < from + k; s++) {
    st_tensor *g[3];
    make_grads(dt, s % OPTIM_NSTEPS, g);
    st_optim_step_grads(opt, g);
  }
}

static bool bitwise_equal(st_tensor *a, st_tensor *b) {
  st_tensor *ca = st_contiguous(a), *cb = st_contiguous(b);
  if (!ca || !cb) return false;
  return st_numel(a) == st_numel(b) && st_dtype_of(a) == st_dtype_of(b) &&
         !memcmp(st_data_ptr(ca), st_data_ptr(cb),
                 (size_t)st_numel(a) * st_dtype_size(st_dtype_of(a)));
}

/* test/test_optim.py TestOptimRenewed.test_state_dict_deterministic: training resumed from a
   saved state gives exactly the parameters of the uninterrupted run, for every kind with all its
   buffers in use. */
TEST(optim_state_save_load_resumes_bit_identically_for_every_kind) {
  st_optim_opts cases[5] = {st_optim_defaults(ST_OPTIM_SGD), st_optim_defaults(ST_OPTIM_ADAM),
                            st_optim_defaults(ST_OPTIM_ADAMW), st_optim_defaults(ST_OPTIM_RMSPROP),
                            st_optim_defaults(ST_OPTIM_ADAGRAD)};
  cases[0].momentum = 0.9, cases[0].nesterov = true;
  cases[1].amsgrad = true;
  cases[2].amsgrad = true;
  cases[3].momentum = 0.5, cases[3].centered = true;
  cases[4].lr_decay = 0.1;
  for (int c = 0; c < 5; c++)
    for (int d = 0; d < 2; d++) {
      st_dtype dt = d ? ST_F64 : ST_F32;
      st_tensor *p[3], *q[3];
      make_params(dt, optim_init, p);
      st_optim *opt = st_optim_new(3, p, &cases[c]);
      run_steps(opt, dt, 0, 3);
      st_dict *saved = st_dict_new();
      CHECK_EQ_INT(st_optim_state_save(opt, saved), 0);
      for (int i = 0; i < 3; i++) q[i] = st_clone(p[i]);
      run_steps(opt, dt, 3, 4);
      /* resume: a new optimizer over the copies, loaded from the saved state */
      st_optim *again = st_optim_new(3, q, &cases[c]);
      CHECK_EQ_INT(st_optim_state_load(again, saved), 0);
      run_steps(again, dt, 3, 4);
      for (int i = 0; i < 3; i++)
        if (!bitwise_equal(p[i], q[i]))
          st_test_fail(__FILE__, __LINE__, "kind %d %s: parameter %d differs", c, st_dtype_name(dt),
                       i);
      st_dict_free(saved);
      st_optim_free(opt);
      st_optim_free(again);
    }
}

TEST(optim_state_load_refuses_a_state_that_does_not_fit_and_changes_nothing) {
  st_tensor *p = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){1, 2});
  st_tensor *q = tu_tensor(ST_F64, ST_SHAPE(3), (double[]){1, 2, 3});
  st_optim_opts adam = st_optim_defaults(ST_OPTIM_ADAM);
  st_optim *a = st_optim_new(1, &p, &adam);
  st_optim_step_grads(a, (st_tensor *[]){st_ones(ST_F64, ST_SHAPE(2))});
  st_dict *d = st_dict_new();
  CHECK_EQ_INT(st_optim_state_save(a, d), 0);
  CHECK(st_dict_get(d, "optim.0.exp_avg") != NULL);
  CHECK(st_dict_get(d, "optim.0.exp_avg_sq") != NULL);
  CHECK(st_dict_get(d, "optim.0.max_exp_avg_sq") == NULL); /* no amsgrad */
  /* another kind */
  st_optim_opts sgd = st_optim_defaults(ST_OPTIM_SGD);
  st_optim *s = st_optim_new(1, &p, &sgd);
  CHECK_FAILS(st_optim_state_load(s, d) != 0, ST_ERR_ARG, "this optimizer is SGD");
  /* another shape */
  st_optim *b = st_optim_new(1, &q, &adam);
  CHECK_FAILS(st_optim_state_load(b, d) != 0, ST_ERR_SHAPE, "\"optim.0.exp_avg\" is f64 [2]");
  /* a missing buffer: nothing changes, not even the lr */
  st_optim_set_lr(a, 0.5);
  st_dict *partial = st_dict_new();
  const char *keep[] = {"optim.kind", "optim.nparams", "optim.lr", "optim.0.step",
                        "optim.0.exp_avg"};
  for (int i = 0; i < 5; i++) st_dict_set(partial, keep[i], st_dict_get(d, keep[i]));
  CHECK_FAILS(st_optim_state_load(a, partial) != 0, ST_ERR_ARG, "no \"optim.0.exp_avg_sq\"");
  CHECK_NEAR(st_optim_get_lr(a), 0.5, 0);
  st_dict_free(partial);
  st_dict_free(d);
  st_optim_free(a);
  st_optim_free(b);
  st_optim_free(s);
}

/* test/test_nn.py TestNN.test_clip_grad_norm: the norm returned and the gradients scaled, for a
   max_norm that clips and one that does not. */
TEST(clip_grad_norm_matches_torch) {
  for (size_t c = 0; c < sizeof clip_cases / sizeof clip_cases[0]; c++) {
    const clip_case *cc = &clip_cases[c];
    st_tensor *p[3];
    make_params(cc->dtype, optim_init, p);
    st_tensor *loss = NULL;
    for (int i = 0; i < 3; i++) {
      st_tensor *g = st_mul_scalar(
          tu_tensor(cc->dtype, ndims[i], shapes[i], optim_grads[0] + offsets[i]), cc->grad_scale);
      st_tensor *term = st_sum_all(st_mul(p[i], g));
      loss = loss ? st_add(loss, term) : term;
    }
    CHECK_EQ_INT(st_backward(loss, NULL, false, false), 0);
    double norm = st_clip_grad_norm(3, p, cc->max_norm);
    CHECK_NEAR(norm, cc->norm, cc->dtype == ST_F32 ? 1e-6 : 1e-14);
    st_tensor *g[3] = {st_grad_of(p[0]), st_grad_of(p[1]), st_grad_of(p[2])};
    for (int k = 0; k < OPTIM_NVALS; k++)
      CHECK_NEAR(flat_value(g, k), cc->grads_after[k], cc->dtype == ST_F32 ? 1e-6 : 1e-14);
  }
}

TEST(clip_grad_norm_skips_parameters_without_grad_and_rejects_bad_arguments) {
  st_tensor *a = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){1, 1});
  st_tensor *b = tu_tensor(ST_F64, ST_SHAPE(2), (double[]){1, 1});
  st_set_requires_grad(a, true);
  st_set_requires_grad(b, true);
  CHECK_EQ_INT(st_backward(st_sum_all(st_mul_scalar(a, 3)), NULL, false, false), 0);
  double n = st_clip_grad_norm(2, (st_tensor *[]){a, b}, 1.0);
  CHECK_NEAR(n, sqrt(18), 1e-15);
  CHECK_CLOSE(st_grad_of(a), 1e-12, 3 / (sqrt(18) + 1e-6), 3 / (sqrt(18) + 1e-6));
  CHECK(st_grad_of(b) == NULL);
  CHECK_NEAR(st_clip_grad_norm(1, &b, 1.0), 0, 0);
  st_clear_error();
  CHECK(isnan(st_clip_grad_norm(1, &a, -1.0)));
  CHECK(st_last_status() == ST_ERR_ARG && strstr(st_last_error(), "max_norm is -1"));
  st_clear_error();
  CHECK(isnan(st_clip_grad_norm(1, (st_tensor *[]){NULL}, 1.0)));
  CHECK(st_last_status() == ST_ERR_ARG);
  st_clear_error();
}

/* test/optim/test_lrscheduler.py: StepLR, CosineAnnealingLR (past T_max) and LinearLR stepped
   by torch equal the closed forms at every step. */
TEST(lr_schedules_match_torch_schedulers) {
  for (int s = 0; s < SCHED_N; s++) {
    CHECK_NEAR(st_lr_step(0.05, s, 3, 0.1), sched_step[s], 1e-14);
    CHECK_NEAR(st_lr_cosine(0.05, s, 10, 0.01), sched_cosine[s], 1e-12);
    CHECK_NEAR(st_lr_linear(0.05, s, 1.0 / 3, 1.0, 4), sched_linear[s], 1e-14);
  }
}

TEST(lr_schedules_reject_bad_arguments) {
  st_clear_error();
  CHECK(isnan(st_lr_step(0.1, -1, 3, 0.1)));
  CHECK(st_last_status() == ST_ERR_ARG && strstr(st_last_error(), "st_lr_step: step is -1"));
  CHECK(isnan(st_lr_cosine(0.1, 1, 0, 0)));
  CHECK(strstr(st_last_error(), "t_max"));
  CHECK(isnan(st_lr_linear(0.1, 1, 0, 1, 4)));
  CHECK(strstr(st_last_error(), "start_factor"));
  CHECK(!isnan(st_lr_linear(0.1, 1, 0.5, 1, 4)));
  CHECK(st_last_status() == ST_OK);
}

/* -------------------------------------------------------------------- per-sample clipping */

/* The per-sample clip and sum built from strata ops, as Opacus writes it. */
static st_tensor *reference_clip(int n, st_tensor *const *ps, double max_norm, int i) {
  st_tensor *sq = NULL;
  for (int k = 0; k < n; k++) {
    st_tensor *flat = st_flatten(ps[k], 1, -1);
    st_tensor *s = st_sum(st_mul(flat, flat), 1, (int[]){1}, false);
    sq = sq ? st_add(sq, s) : s;
  }
  st_tensor *norm = st_sqrt(sq);
  st_tensor *f =
      st_clamp(st_div(st_full_like(norm, max_norm), st_add_scalar(norm, 1e-6)), -INFINITY, 1);
  int64_t shape[ST_MAX_DIMS];
  int nd = st_shape(ps[i], shape);
  for (int d = 1; d < nd; d++) shape[d] = 1;
  return st_sum(st_mul(ps[i], st_reshape(f, nd, shape)), 1, (int[]){0}, false);
}

TEST(clip_per_sample_clips_each_sample_and_sums_the_batch) {
  for (int d = 0; d < 2; d++) {
    st_dtype dt = d ? ST_F64 : ST_F32;
    st_tensor *ps[2] = {st_mul_scalar(st_randn(dt, ST_SHAPE(6, 3, 4)), 0.5),
                        st_randn(dt, ST_SHAPE(6, 5))};
    st_tensor *sums[2] = {0}, *norms = NULL; /* NULL when the call fails (the sweep) */
    CHECK_EQ_INT(st_clip_per_sample(2, ps, 1.5, sums, &norms), 0);
    CHECK_SHAPE(sums[0], 3, 4);
    CHECK_SHAPE(sums[1], 5);
    CHECK_SHAPE(norms, 6);
    double tol = d ? 1e-12 : 1e-5;
    for (int i = 0; i < 2; i++) {
      st_tensor *want = reference_clip(2, ps, 1.5, i);
      double *w = tu_values(want);
      st_test_close(__FILE__, __LINE__, sums[i], w, st_numel(want), tol);
      free(w);
    }
    /* the reported norms are the norms before clipping */
    st_tensor *sq = st_add(st_sum(st_square(ps[0]), 2, (int[]){1, 2}, false),
                           st_sum(st_square(ps[1]), 1, (int[]){1}, false));
    double *w = tu_values(st_sqrt(sq));
    st_test_close(__FILE__, __LINE__, norms, w, 6, tol);
    free(w);
  }
}

/* DP-SGD's use: per-sample gradients from st_vmap(st_grad), clipped and summed. A sample whose
   gradient is below max_norm passes unchanged. */
static int sample_loss(void *ctx, int nin, st_tensor *const *in, int nout, st_tensor **out) {
  (void)ctx, (void)nin, (void)nout;
  out[0] = st_sum_all(st_square(st_sub(st_mul(in[0], in[1]), in[2])));
  return out[0] ? 0 : -1;
}

TEST(clip_per_sample_of_vmap_grad_leaves_small_gradients_unchanged) {
  st_tensor *w = tu_tensor(ST_F64, ST_SHAPE(3), (double[]){0.1, -0.2, 0.3});
  st_tensor *x = st_mul_scalar(st_randn(ST_F64, ST_SHAPE(4, 3)), 1e-3);
  st_tensor *y = st_zeros(ST_F64, ST_SHAPE(4, 3));
  st_func *f = st_func_new(sample_loss, NULL, 3, 1), *psg = st_per_sample_grad(f, 1);
  st_tensor *g = NULL;
  CHECK_EQ_INT(st_call(psg, (st_tensor *[]){w, x, y}, &g), 0);
  CHECK_SHAPE(g, 4, 3);
  st_tensor *sum = NULL;
  CHECK_EQ_INT(st_clip_per_sample(1, &g, 1.0, &sum, NULL), 0);
  double *want = tu_values(st_sum(g, 1, (int[]){0}, false));
  st_test_close(__FILE__, __LINE__, sum, want, 3, 1e-14);
  free(want);
  st_func_release(psg);
  st_func_release(f);
}

TEST(clip_per_sample_rejects_mismatched_batches) {
  st_tensor *a = st_zeros(ST_F32, ST_SHAPE(4, 2)), *b = st_zeros(ST_F32, ST_SHAPE(3, 2));
  st_tensor *s[2];
  CHECK_FAILS(st_clip_per_sample(2, (st_tensor *[]){a, b}, 1, s, NULL) != 0, ST_ERR_SHAPE,
              "per_sample[1] has 3 samples, per_sample[0] 4");
  st_tensor *i = st_zeros(ST_I64, ST_SHAPE(4));
  CHECK_FAILS(st_clip_per_sample(1, &i, 1, s, NULL) != 0, ST_ERR_DTYPE, "i64");
  CHECK_FAILS(st_clip_per_sample(1, &a, -1, s, NULL) != 0, ST_ERR_ARG, "max_norm");
}

/* A state saved by one kind of optimizer names both kinds when another kind loads it. */
TEST(optim_state_of_another_kind_is_refused_by_name) {
  st_tensor *w = st_ones(ST_F32, ST_SHAPE(2));
  st_optim_opts so = st_optim_defaults(ST_OPTIM_SGD), ao = st_optim_defaults(ST_OPTIM_ADAM);
  st_optim *sgd = st_optim_new(1, &w, &so), *adam = st_optim_new(1, &w, &ao);
  st_dict *d = st_dict_new();
  CHECK_EQ_INT(st_optim_state_save(sgd, d), 0);
  CHECK_FAILS(st_optim_state_load(adam, d) != 0, ST_ERR_ARG,
              "the state is of optimizer SGD, this optimizer is Adam");
  st_dict_free(d);
  st_optim_free(sgd);
  st_optim_free(adam);
}
