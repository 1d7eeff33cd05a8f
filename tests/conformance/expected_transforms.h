/* expected_transforms.h — written by gen_programs.py with torch
   2.15.0+cu132; do not edit. */
/* Transform stacks of test_eager_transforms.py (CONF_STACK). */
#ifndef STRATA_CONF_EXPECTED_TRANSFORMS_H
#define STRATA_CONF_EXPECTED_TRANSFORMS_H

#include <math.h>

#include "conf.h"

static const int64_t conf_grad_primitive_in_0_shape[] = {0};
static const double conf_grad_primitive_in_0_data[] = {
    -0.3356800463053376};
static const conf_array conf_grad_primitive_in[] = {
    {0, conf_grad_primitive_in_0_shape,
     conf_grad_primitive_in_0_data}};
static const int64_t conf_grad_primitive_out_0_shape[] = {0};
static const double conf_grad_primitive_out_0_data[] = {
    0.9441865130132007};
static const conf_array conf_grad_primitive_out[] = {
    {0, conf_grad_primitive_out_0_shape,
     conf_grad_primitive_out_0_data}};
CONF_PROG(conf_grad_primitive,
          "test_eager_transforms.py TestGradTransform.test_primitive",
          CONF_STACK,
    "prog conf_grad_primitive\n"
    "in -\n"
    "tf grad 0 sum\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_grad_primitive_in, 1,
          conf_grad_primitive_out, 1, 0)
static const int64_t conf_grad_composite_simple_in_0_shape[] = {2, 3, 4};
static const double conf_grad_composite_simple_in_0_data[] = {
    0.605755345711432, 0.2091670823983711, -2.7760485062654405, -0.5760988401333059,
    1.439376025200242, 0.8134556311641902, 0.4502260989238193, -0.25650157005558016,
    -0.6045886700657251, 0.14694626696367769, 1.1664026390371869, -0.7998608505436507,
    -1.1993184119834805, -1.216152092796375, -1.1274046180851882, 1.4718841563624538,
    -1.509981573124998, 0.7862913980328082, -0.608209361991454, 0.749761342746796,
    0.351843396242663, 1.6979655389951862, -0.172798461216144, 0.2931132916380633};
static const conf_array conf_grad_composite_simple_in[] = {
    {3, conf_grad_composite_simple_in_0_shape,
     conf_grad_composite_simple_in_0_data}};
static const int64_t conf_grad_composite_simple_out_0_shape[] = {2, 3, 4};
static const double conf_grad_composite_simple_out_0_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0, 1.0, 1.0, 1.0, 1.0};
static const conf_array conf_grad_composite_simple_out[] = {
    {3, conf_grad_composite_simple_out_0_shape,
     conf_grad_composite_simple_out_0_data}};
CONF_PROG(conf_grad_composite_simple,
          "test_eager_transforms.py TestGradTransform.test_composite_simple",
          CONF_STACK,
    "prog conf_grad_composite_simple\n"
    "in 2,3,4\n"
    "tf grad 0 sum\n"
    "v1 = flatten v0 0 -1\n"
    "v2 = sum v1 [] 0\n"
    "out v2\n"
    "end\n",
          conf_grad_composite_simple_in, 1,
          conf_grad_composite_simple_out, 1, 0)
static const int64_t conf_grad_composite_complicated_in_0_shape[] = {3};
static const double conf_grad_composite_complicated_in_0_data[] = {
    -1.1941254030301145, 0.5903266383747071, -1.0168098312767118};
static const int64_t conf_grad_composite_complicated_in_1_shape[] = {3, 5};
static const double conf_grad_composite_complicated_in_1_data[] = {
    -0.5859420462852221, 0.5351035612950507, -0.9550189422446845, -0.33036994883413073,
    -0.7888151355749774, 1.3085871848955495, 0.3330073165169089, -0.3213618603470599,
    0.5102038568534062, 1.4649384406928492, -1.4059482855932484, -0.5390233216050824,
    0.2891853007964113, -0.012400264085940471, 0.08474765858421239};
static const conf_array conf_grad_composite_complicated_in[] = {
    {1, conf_grad_composite_complicated_in_0_shape,
     conf_grad_composite_complicated_in_0_data},
    {2, conf_grad_composite_complicated_in_1_shape,
     conf_grad_composite_complicated_in_1_data}};
static const int64_t conf_grad_composite_complicated_out_0_shape[] = {3};
static const double conf_grad_composite_complicated_out_0_data[] = {
    -2.125042511643964, 3.295374938611654, -1.5834389119036474};
static const conf_array conf_grad_composite_complicated_out[] = {
    {1, conf_grad_composite_complicated_out_0_shape,
     conf_grad_composite_complicated_out_0_data}};
CONF_PROG(conf_grad_composite_complicated,
          "test_eager_transforms.py TestGradTransform.test_composite_complicated",
          CONF_STACK,
    "prog conf_grad_composite_complicated\n"
    "in 3\n"
    "in 3,5\n"
    "tf grad 0 sum\n"
    "v2 = matmul v0 v1\n"
    "v3 = sum v2 [] 0\n"
    "out v3\n"
    "end\n",
          conf_grad_composite_complicated_in, 2,
          conf_grad_composite_complicated_out, 1, 0)
static const int64_t conf_grad_composite_two_ops_in_0_shape[] = {2, 5};
static const double conf_grad_composite_two_ops_in_0_data[] = {
    -1.492275505309889, -0.23587857355426173, -0.6864630533957533, 1.486600402067644,
    0.660888584272217, 0.4287315160558888, 0.38336789365225377, 1.080805423311206,
    -0.3119360829205459, 2.350532355931137};
static const int64_t conf_grad_composite_two_ops_in_1_shape[] = {2, 5};
static const double conf_grad_composite_two_ops_in_1_data[] = {
    -0.4293701121522702, -0.66599898483776, 1.551833706507527, 0.0641126754616905,
    -0.9778866323577662, -0.5142974733590019, 1.121566977395567, 1.453608827337416,
    1.6828533378693395, -0.31393403986376545};
static const conf_array conf_grad_composite_two_ops_in[] = {
    {2, conf_grad_composite_two_ops_in_0_shape,
     conf_grad_composite_two_ops_in_0_data},
    {2, conf_grad_composite_two_ops_in_1_shape,
     conf_grad_composite_two_ops_in_1_data}};
static const int64_t conf_grad_composite_two_ops_out_0_shape[] = {2, 5};
static const double conf_grad_composite_two_ops_out_0_data[] = {
    -0.04163149551207101, -0.0620139586293872, 0.15810578641118458, 0.032085145293563926,
    -0.0865454775632903, -0.08209341644512662, 0.08285296471873231, 0.08650143003412887,
    0.15366503430972975, -0.24092601261746432};
static const conf_array conf_grad_composite_two_ops_out[] = {
    {2, conf_grad_composite_two_ops_out_0_shape,
     conf_grad_composite_two_ops_out_0_data}};
CONF_PROG(conf_grad_composite_two_ops,
          "test_eager_transforms.py TestGradTransform.test_composite_two_ops (log_softmax +"
          " nll by a mask)",
          CONF_STACK,
    "prog conf_grad_composite_two_ops\n"
    "in 2,5\n"
    "in 2,5\n"
    "tf grad 0 sum\n"
    "v2 = log_softmax v0 -1\n"
    "v3 = mul v2 v1\n"
    "v4 = mean v3 [] 0\n"
    "out v4\n"
    "end\n",
          conf_grad_composite_two_ops_in, 2,
          conf_grad_composite_two_ops_out, 1, 0)
static const int64_t conf_grad_inplace_in_0_shape[] = {0};
static const double conf_grad_inplace_in_0_data[] = {
    -1.7030185568132916};
static const conf_array conf_grad_inplace_in[] = {
    {0, conf_grad_inplace_in_0_shape,
     conf_grad_inplace_in_0_data}};
static const int64_t conf_grad_inplace_out_0_shape[] = {0};
static const double conf_grad_inplace_out_0_data[] = {
    3.307341241334985};
static const conf_array conf_grad_inplace_out[] = {
    {0, conf_grad_inplace_out_0_shape,
     conf_grad_inplace_out_0_data}};
CONF_PROG(conf_grad_inplace,
          "test_eager_transforms.py TestGradTransform.test_inplace (mul_ for sin_)",
          CONF_STACK,
    "prog conf_grad_inplace\n"
    "in -\n"
    "tf grad 0 sum\n"
    "v1 = clone v0\n"
    "mul_ v1 v0\n"
    "v2 = sin v1\n"
    "out v2\n"
    "end\n",
          conf_grad_inplace_in, 1,
          conf_grad_inplace_out, 1, 0)
static const int64_t conf_grad_nesting_simple_in_0_shape[] = {0};
static const double conf_grad_nesting_simple_in_0_data[] = {
    0.7003185636164022};
static const conf_array conf_grad_nesting_simple_in[] = {
    {0, conf_grad_nesting_simple_in_0_shape,
     conf_grad_nesting_simple_in_0_data}};
static const int64_t conf_grad_nesting_simple_out_0_shape[] = {0};
static const double conf_grad_nesting_simple_out_0_data[] = {
    -0.6444613054382284};
static const conf_array conf_grad_nesting_simple_out[] = {
    {0, conf_grad_nesting_simple_out_0_shape,
     conf_grad_nesting_simple_out_0_data}};
CONF_PROG(conf_grad_nesting_simple,
          "test_eager_transforms.py TestGradTransform.test_nesting_simple",
          CONF_STACK,
    "prog conf_grad_nesting_simple\n"
    "in -\n"
    "tf grad 0 sum\n"
    "tf grad 0 sum\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_grad_nesting_simple_in, 1,
          conf_grad_nesting_simple_out, 1, 0)
static const int64_t conf_grad_argnums_0_in_0_shape[] = {0};
static const double conf_grad_argnums_0_in_0_data[] = {
    -0.26205583720400044};
static const int64_t conf_grad_argnums_0_in_1_shape[] = {0};
static const double conf_grad_argnums_0_in_1_data[] = {
    0.1635640916798752};
static const conf_array conf_grad_argnums_0_in[] = {
    {0, conf_grad_argnums_0_in_0_shape,
     conf_grad_argnums_0_in_0_data},
    {0, conf_grad_argnums_0_in_1_shape,
     conf_grad_argnums_0_in_1_data}};
static const int64_t conf_grad_argnums_0_out_0_shape[] = {0};
static const double conf_grad_argnums_0_out_0_data[] = {
    0.1635640916798752};
static const conf_array conf_grad_argnums_0_out[] = {
    {0, conf_grad_argnums_0_out_0_shape,
     conf_grad_argnums_0_out_0_data}};
CONF_PROG(conf_grad_argnums_0,
          "test_eager_transforms.py TestGradTransform.test_argnums",
          CONF_STACK,
    "prog conf_grad_argnums_0\n"
    "in -\n"
    "in -\n"
    "tf grad 0 sum\n"
    "v2 = mul v0 v1\n"
    "out v2\n"
    "end\n",
          conf_grad_argnums_0_in, 2,
          conf_grad_argnums_0_out, 1, 0)
static const int64_t conf_grad_argnums_1_in_0_shape[] = {0};
static const double conf_grad_argnums_1_in_0_data[] = {
    0.3337189852952041};
static const int64_t conf_grad_argnums_1_in_1_shape[] = {0};
static const double conf_grad_argnums_1_in_1_data[] = {
    -0.021156162566054564};
static const conf_array conf_grad_argnums_1_in[] = {
    {0, conf_grad_argnums_1_in_0_shape,
     conf_grad_argnums_1_in_0_data},
    {0, conf_grad_argnums_1_in_1_shape,
     conf_grad_argnums_1_in_1_data}};
static const int64_t conf_grad_argnums_1_out_0_shape[] = {0};
static const double conf_grad_argnums_1_out_0_data[] = {
    0.3337189852952041};
static const conf_array conf_grad_argnums_1_out[] = {
    {0, conf_grad_argnums_1_out_0_shape,
     conf_grad_argnums_1_out_0_data}};
CONF_PROG(conf_grad_argnums_1,
          "test_eager_transforms.py TestGradTransform.test_argnums",
          CONF_STACK,
    "prog conf_grad_argnums_1\n"
    "in -\n"
    "in -\n"
    "tf grad 1 sum\n"
    "v2 = mul v0 v1\n"
    "out v2\n"
    "end\n",
          conf_grad_argnums_1_in, 2,
          conf_grad_argnums_1_out, 1, 0)
static const int64_t conf_grad_argnums_both_in_0_shape[] = {0};
static const double conf_grad_argnums_both_in_0_data[] = {
    -1.1349322879505501};
static const int64_t conf_grad_argnums_both_in_1_shape[] = {0};
static const double conf_grad_argnums_both_in_1_data[] = {
    -0.7673444126277982};
static const conf_array conf_grad_argnums_both_in[] = {
    {0, conf_grad_argnums_both_in_0_shape,
     conf_grad_argnums_both_in_0_data},
    {0, conf_grad_argnums_both_in_1_shape,
     conf_grad_argnums_both_in_1_data}};
static const int64_t conf_grad_argnums_both_out_0_shape[] = {0};
static const double conf_grad_argnums_both_out_0_data[] = {
    -0.7673444126277982};
static const int64_t conf_grad_argnums_both_out_1_shape[] = {0};
static const double conf_grad_argnums_both_out_1_data[] = {
    -1.1349322879505501};
static const conf_array conf_grad_argnums_both_out[] = {
    {0, conf_grad_argnums_both_out_0_shape,
     conf_grad_argnums_both_out_0_data},
    {0, conf_grad_argnums_both_out_1_shape,
     conf_grad_argnums_both_out_1_data}};
CONF_PROG(conf_grad_argnums_both,
          "test_eager_transforms.py TestGradTransform.test_argnums",
          CONF_STACK,
    "prog conf_grad_argnums_both\n"
    "in -\n"
    "in -\n"
    "tf grad 0,1 sum\n"
    "v2 = mul v0 v1\n"
    "out v2\n"
    "end\n",
          conf_grad_argnums_both_in, 2,
          conf_grad_argnums_both_out, 2, 0)
static const int64_t conf_grad_out_of_order_argnums_in_0_shape[] = {0};
static const double conf_grad_out_of_order_argnums_in_0_data[] = {
    1.5932424722664884};
static const int64_t conf_grad_out_of_order_argnums_in_1_shape[] = {0};
static const double conf_grad_out_of_order_argnums_in_1_data[] = {
    -0.6633076976696458};
static const conf_array conf_grad_out_of_order_argnums_in[] = {
    {0, conf_grad_out_of_order_argnums_in_0_shape,
     conf_grad_out_of_order_argnums_in_0_data},
    {0, conf_grad_out_of_order_argnums_in_1_shape,
     conf_grad_out_of_order_argnums_in_1_data}};
static const int64_t conf_grad_out_of_order_argnums_out_0_shape[] = {0};
static const double conf_grad_out_of_order_argnums_out_0_data[] = {
    1.5932424722664884};
static const int64_t conf_grad_out_of_order_argnums_out_1_shape[] = {0};
static const double conf_grad_out_of_order_argnums_out_1_data[] = {
    -0.6633076976696458};
static const conf_array conf_grad_out_of_order_argnums_out[] = {
    {0, conf_grad_out_of_order_argnums_out_0_shape,
     conf_grad_out_of_order_argnums_out_0_data},
    {0, conf_grad_out_of_order_argnums_out_1_shape,
     conf_grad_out_of_order_argnums_out_1_data}};
CONF_PROG(conf_grad_out_of_order_argnums,
          "test_eager_transforms.py TestGradTransform.test_out_of_order_argnums",
          CONF_STACK,
    "prog conf_grad_out_of_order_argnums\n"
    "in -\n"
    "in -\n"
    "tf grad 1,0 sum\n"
    "v2 = mul v0 v1\n"
    "out v2\n"
    "end\n",
          conf_grad_out_of_order_argnums_in, 2,
          conf_grad_out_of_order_argnums_out, 2, 0)
static const int64_t conf_grad_negative_argnums_in_0_shape[] = {0};
static const double conf_grad_negative_argnums_in_0_data[] = {
    0.24433514294626923};
static const int64_t conf_grad_negative_argnums_in_1_shape[] = {0};
static const double conf_grad_negative_argnums_in_1_data[] = {
    2.068396900522057};
static const conf_array conf_grad_negative_argnums_in[] = {
    {0, conf_grad_negative_argnums_in_0_shape,
     conf_grad_negative_argnums_in_0_data},
    {0, conf_grad_negative_argnums_in_1_shape,
     conf_grad_negative_argnums_in_1_data}};
static const int64_t conf_grad_negative_argnums_out_0_shape[] = {0};
static const double conf_grad_negative_argnums_out_0_data[] = {
    2.068396900522057};
static const conf_array conf_grad_negative_argnums_out[] = {
    {0, conf_grad_negative_argnums_out_0_shape,
     conf_grad_negative_argnums_out_0_data}};
CONF_PROG(conf_grad_negative_argnums,
          "test_eager_transforms.py TestGradTransform.test_negative_argnums",
          CONF_STACK,
    "prog conf_grad_negative_argnums\n"
    "in -\n"
    "in -\n"
    "tf grad -2 sum\n"
    "v2 = mul v0 v1\n"
    "out v2\n"
    "end\n",
          conf_grad_negative_argnums_in, 2,
          conf_grad_negative_argnums_out, 1, 0)
static const int64_t conf_grad_negative_argnums_pair_in_0_shape[] = {0};
static const double conf_grad_negative_argnums_pair_in_0_data[] = {
    0.43330681241826774};
static const int64_t conf_grad_negative_argnums_pair_in_1_shape[] = {0};
static const double conf_grad_negative_argnums_pair_in_1_data[] = {
    -1.0338683401251378};
static const conf_array conf_grad_negative_argnums_pair_in[] = {
    {0, conf_grad_negative_argnums_pair_in_0_shape,
     conf_grad_negative_argnums_pair_in_0_data},
    {0, conf_grad_negative_argnums_pair_in_1_shape,
     conf_grad_negative_argnums_pair_in_1_data}};
static const int64_t conf_grad_negative_argnums_pair_out_0_shape[] = {0};
static const double conf_grad_negative_argnums_pair_out_0_data[] = {
    -1.0338683401251378};
static const int64_t conf_grad_negative_argnums_pair_out_1_shape[] = {0};
static const double conf_grad_negative_argnums_pair_out_1_data[] = {
    0.43330681241826774};
static const conf_array conf_grad_negative_argnums_pair_out[] = {
    {0, conf_grad_negative_argnums_pair_out_0_shape,
     conf_grad_negative_argnums_pair_out_0_data},
    {0, conf_grad_negative_argnums_pair_out_1_shape,
     conf_grad_negative_argnums_pair_out_1_data}};
CONF_PROG(conf_grad_negative_argnums_pair,
          "test_eager_transforms.py TestGradTransform.test_negative_argnums",
          CONF_STACK,
    "prog conf_grad_negative_argnums_pair\n"
    "in -\n"
    "in -\n"
    "tf grad -2,-1 sum\n"
    "v2 = mul v0 v1\n"
    "out v2\n"
    "end\n",
          conf_grad_negative_argnums_pair_in, 2,
          conf_grad_negative_argnums_pair_out, 2, 0)
static const int64_t conf_grad_invalid_argnums_in_0_shape[] = {0};
static const double conf_grad_invalid_argnums_in_0_data[] = {
    -1.0935223046464093};
static const int64_t conf_grad_invalid_argnums_in_1_shape[] = {0};
static const double conf_grad_invalid_argnums_in_1_data[] = {
    -0.052374107377703406};
static const conf_array conf_grad_invalid_argnums_in[] = {
    {0, conf_grad_invalid_argnums_in_0_shape,
     conf_grad_invalid_argnums_in_0_data},
    {0, conf_grad_invalid_argnums_in_1_shape,
     conf_grad_invalid_argnums_in_1_data}};
static const conf_array conf_grad_invalid_argnums_out[] = {
    {0, NULL, NULL}};
CONF_PROG(conf_grad_invalid_argnums,
          "test_eager_transforms.py TestGradTransform.test_invalid_argnums (argnums=2)",
          CONF_STACK,
    "prog conf_grad_invalid_argnums\n"
    "in -\n"
    "in -\n"
    "tf grad 2 sum\n"
    "v2 = mul v0 v1\n"
    "out v2\n"
    "end\n",
          conf_grad_invalid_argnums_in, 2,
          conf_grad_invalid_argnums_out, 0, 1)
static const int64_t conf_grad_invalid_negative_argnums_in_0_shape[] = {0};
static const double conf_grad_invalid_negative_argnums_in_0_data[] = {
    1.2837266709307884};
static const int64_t conf_grad_invalid_negative_argnums_in_1_shape[] = {0};
static const double conf_grad_invalid_negative_argnums_in_1_data[] = {
    1.3544513160094518};
static const conf_array conf_grad_invalid_negative_argnums_in[] = {
    {0, conf_grad_invalid_negative_argnums_in_0_shape,
     conf_grad_invalid_negative_argnums_in_0_data},
    {0, conf_grad_invalid_negative_argnums_in_1_shape,
     conf_grad_invalid_negative_argnums_in_1_data}};
static const conf_array conf_grad_invalid_negative_argnums_out[] = {
    {0, NULL, NULL}};
CONF_PROG(conf_grad_invalid_negative_argnums,
          "test_eager_transforms.py TestGradTransform.test_invalid_argnums (argnums=-3)",
          CONF_STACK,
    "prog conf_grad_invalid_negative_argnums\n"
    "in -\n"
    "in -\n"
    "tf grad -3 sum\n"
    "v2 = mul v0 v1\n"
    "out v2\n"
    "end\n",
          conf_grad_invalid_negative_argnums_in, 2,
          conf_grad_invalid_negative_argnums_out, 0, 1)
static const int64_t conf_grad_aux_tensor_in_0_shape[] = {3};
static const double conf_grad_aux_tensor_in_0_data[] = {
    0.054061434690762925, 1.1736778323353492, -1.3900692501491096};
static const conf_array conf_grad_aux_tensor_in[] = {
    {1, conf_grad_aux_tensor_in_0_shape,
     conf_grad_aux_tensor_in_0_data}};
static const int64_t conf_grad_aux_tensor_out_0_shape[] = {3};
static const double conf_grad_aux_tensor_out_0_data[] = {
    -0.05403510486496413, -0.9221792797447405, 0.9837132645280727};
static const conf_array conf_grad_aux_tensor_out[] = {
    {1, conf_grad_aux_tensor_out_0_shape,
     conf_grad_aux_tensor_out_0_data}};
CONF_PROG(conf_grad_aux_tensor,
          "test_eager_transforms.py TestGradTransform.test_grad_aux_tensor",
          CONF_STACK,
    "prog conf_grad_aux_tensor\n"
    "in 3\n"
    "tf grad 0 sum\n"
    "v1 = sin v0\n"
    "v2 = sum v1 [] 0\n"
    "v3 = cos v0\n"
    "out v3\n"
    "end\n",
          conf_grad_aux_tensor_in, 1,
          conf_grad_aux_tensor_out, 1, 0)
static const int64_t conf_grad_and_value_aux_in_0_shape[] = {3};
static const double conf_grad_and_value_aux_in_0_data[] = {
    0.574299350500393, -0.3406149096911619, 0.4814250713707156};
static const conf_array conf_grad_and_value_aux_in[] = {
    {1, conf_grad_and_value_aux_in_0_shape,
     conf_grad_and_value_aux_in_0_data}};
static const int64_t conf_grad_and_value_aux_out_0_shape[] = {3};
static const double conf_grad_and_value_aux_out_0_data[] = {
    -0.5432466775780977, 0.334066738036448, -0.463042737287012};
static const int64_t conf_grad_and_value_aux_out_1_shape[] = {0};
static const double conf_grad_and_value_aux_out_1_data[] = {
    2.6684585108939953};
static const conf_array conf_grad_and_value_aux_out[] = {
    {1, conf_grad_and_value_aux_out_0_shape,
     conf_grad_and_value_aux_out_0_data},
    {0, conf_grad_and_value_aux_out_1_shape,
     conf_grad_and_value_aux_out_1_data}};
CONF_PROG(conf_grad_and_value_aux,
          "test_eager_transforms.py TestGradTransform.test_grad_aux_tensor (grad_and_value)",
          CONF_STACK,
    "prog conf_grad_and_value_aux\n"
    "in 3\n"
    "tf gradv 0 sum\n"
    "v1 = sin v0\n"
    "v2 = sum v1 [] 0\n"
    "v3 = cos v0\n"
    "out v3\n"
    "end\n",
          conf_grad_and_value_aux_in, 1,
          conf_grad_and_value_aux_out, 2, 0)
static const int64_t conf_grad_unrelated_in_0_shape[] = {0};
static const double conf_grad_unrelated_in_0_data[] = {
    -2.070518838576566};
static const int64_t conf_grad_unrelated_in_1_shape[] = {0};
static const double conf_grad_unrelated_in_1_data[] = {
    -1.4284058040289094};
static const conf_array conf_grad_unrelated_in[] = {
    {0, conf_grad_unrelated_in_0_shape,
     conf_grad_unrelated_in_0_data},
    {0, conf_grad_unrelated_in_1_shape,
     conf_grad_unrelated_in_1_data}};
static const int64_t conf_grad_unrelated_out_0_shape[] = {0};
static const double conf_grad_unrelated_out_0_data[] = {
    0.0};
static const conf_array conf_grad_unrelated_out[] = {
    {0, conf_grad_unrelated_out_0_shape,
     conf_grad_unrelated_out_0_data}};
CONF_PROG(conf_grad_unrelated,
          "test_eager_transforms.py TestGradTransform.test_unrelated_grad",
          CONF_STACK,
    "prog conf_grad_unrelated\n"
    "in -\n"
    "in -\n"
    "tf grad 0 sum\n"
    "v2 = clone v1\n"
    "out v2\n"
    "end\n",
          conf_grad_unrelated_in, 2,
          conf_grad_unrelated_out, 1, 0)
static const int64_t conf_grad_unrelated_vjp_in_0_shape[] = {0};
static const double conf_grad_unrelated_vjp_in_0_data[] = {
    0.07506342570852845};
static const int64_t conf_grad_unrelated_vjp_in_1_shape[] = {0};
static const double conf_grad_unrelated_vjp_in_1_data[] = {
    -0.43699730677777787};
static const conf_array conf_grad_unrelated_vjp_in[] = {
    {0, conf_grad_unrelated_vjp_in_0_shape,
     conf_grad_unrelated_vjp_in_0_data},
    {0, conf_grad_unrelated_vjp_in_1_shape,
     conf_grad_unrelated_vjp_in_1_data}};
static const int64_t conf_grad_unrelated_vjp_out_0_shape[] = {0};
static const double conf_grad_unrelated_vjp_out_0_data[] = {
    -0.43699730677777787};
static const int64_t conf_grad_unrelated_vjp_out_1_shape[] = {0};
static const double conf_grad_unrelated_vjp_out_1_data[] = {
    0.0};
static const int64_t conf_grad_unrelated_vjp_out_2_shape[] = {0};
static const double conf_grad_unrelated_vjp_out_2_data[] = {
    -0.5};
static const conf_array conf_grad_unrelated_vjp_out[] = {
    {0, conf_grad_unrelated_vjp_out_0_shape,
     conf_grad_unrelated_vjp_out_0_data},
    {0, conf_grad_unrelated_vjp_out_1_shape,
     conf_grad_unrelated_vjp_out_1_data},
    {0, conf_grad_unrelated_vjp_out_2_shape,
     conf_grad_unrelated_vjp_out_2_data}};
CONF_PROG(conf_grad_unrelated_vjp,
          "test_eager_transforms.py TestGradTransform.test_unrelated_vjp",
          CONF_STACK,
    "prog conf_grad_unrelated_vjp\n"
    "in -\n"
    "in -\n"
    "tf vjp\n"
    "v2 = clone v1\n"
    "out v2\n"
    "end\n",
          conf_grad_unrelated_vjp_in, 2,
          conf_grad_unrelated_vjp_out, 3, 0)
static const int64_t conf_grad_unrelated_hessian_in_0_shape[] = {3};
static const double conf_grad_unrelated_hessian_in_0_data[] = {
    1.2519897752145195, 1.8160398132366262, -0.7880456686662748};
static const int64_t conf_grad_unrelated_hessian_in_1_shape[] = {5, 3};
static const double conf_grad_unrelated_hessian_in_1_data[] = {
    -0.916762535554041, -0.898962930623085, 2.1617943358845904, 0.17259222884480688,
    0.13398029654321617, 0.06764274427735599, -1.196713031660865, 0.26104182101951073,
    1.9330983630347374, 0.9700725196684586, -0.9955221660641047, 0.16825573596732868,
    0.8407395694918067, -0.02366419993348985, -0.19681308823650995};
static const conf_array conf_grad_unrelated_hessian_in[] = {
    {1, conf_grad_unrelated_hessian_in_0_shape,
     conf_grad_unrelated_hessian_in_0_data},
    {2, conf_grad_unrelated_hessian_in_1_shape,
     conf_grad_unrelated_hessian_in_1_data}};
static const int64_t conf_grad_unrelated_hessian_out_0_shape[] = {5, 3, 3};
static const double conf_grad_unrelated_hessian_out_0_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_grad_unrelated_hessian_out[] = {
    {3, conf_grad_unrelated_hessian_out_0_shape,
     conf_grad_unrelated_hessian_out_0_data}};
CONF_PROG(conf_grad_unrelated_hessian,
          "test_eager_transforms.py TestGradTransform.test_unrelated_hessian",
          CONF_STACK,
    "prog conf_grad_unrelated_hessian\n"
    "in 3\n"
    "in 5,3\n"
    "tf jacrev 0 0\n"
    "tf jacrev 0 0\n"
    "v2 = matmul v1 v0\n"
    "out v2\n"
    "end\n",
          conf_grad_unrelated_hessian_in, 2,
          conf_grad_unrelated_hessian_out, 1, 0)
static const int64_t conf_grad_vjp_in_0_shape[] = {0};
static const double conf_grad_vjp_in_0_data[] = {
    1.1147307738507994};
static const conf_array conf_grad_vjp_in[] = {
    {0, conf_grad_vjp_in_0_shape,
     conf_grad_vjp_in_0_data}};
static const int64_t conf_grad_vjp_out_0_shape[] = {0};
static const double conf_grad_vjp_out_0_data[] = {
    0.8977922479607588};
static const int64_t conf_grad_vjp_out_1_shape[] = {0};
static const double conf_grad_vjp_out_1_data[] = {
    -0.22020960441223225};
static const conf_array conf_grad_vjp_out[] = {
    {0, conf_grad_vjp_out_0_shape,
     conf_grad_vjp_out_0_data},
    {0, conf_grad_vjp_out_1_shape,
     conf_grad_vjp_out_1_data}};
CONF_PROG(conf_grad_vjp,
          "test_eager_transforms.py TestGradTransform.test_vjp",
          CONF_STACK,
    "prog conf_grad_vjp\n"
    "in -\n"
    "tf vjp\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_grad_vjp_in, 1,
          conf_grad_vjp_out, 2, 0)
static const int64_t conf_grad_vjp_two_outputs_in_0_shape[] = {0};
static const double conf_grad_vjp_two_outputs_in_0_data[] = {
    -0.2913024192470717};
static const conf_array conf_grad_vjp_two_outputs_in[] = {
    {0, conf_grad_vjp_two_outputs_in_0_shape,
     conf_grad_vjp_two_outputs_in_0_data}};
static const int64_t conf_grad_vjp_two_outputs_out_0_shape[] = {0};
static const double conf_grad_vjp_two_outputs_out_0_data[] = {
    -0.2913024192470717};
static const int64_t conf_grad_vjp_two_outputs_out_1_shape[] = {0};
static const double conf_grad_vjp_two_outputs_out_1_data[] = {
    -0.5};
static const conf_array conf_grad_vjp_two_outputs_out[] = {
    {0, conf_grad_vjp_two_outputs_out_0_shape,
     conf_grad_vjp_two_outputs_out_0_data},
    {0, conf_grad_vjp_two_outputs_out_1_shape,
     conf_grad_vjp_two_outputs_out_1_data}};
CONF_PROG(conf_grad_vjp_two_outputs,
          "test_eager_transforms.py TestGradTransform.test_vjp_two_outputs",
          CONF_STACK,
    "prog conf_grad_vjp_two_outputs\n"
    "in -\n"
    "tf vjp\n"
    "v1 = clone v0\n"
    "v2 = clone v0\n"
    "out v2\n"
    "end\n",
          conf_grad_vjp_two_outputs_in, 1,
          conf_grad_vjp_two_outputs_out, 2, 0)
static const int64_t conf_grad_of_vjp_composition_in_0_shape[] = {0};
static const double conf_grad_of_vjp_composition_in_0_data[] = {
    0.11388523164424587};
static const conf_array conf_grad_of_vjp_composition_in[] = {
    {0, conf_grad_of_vjp_composition_in_0_shape,
     conf_grad_of_vjp_composition_in_0_data}};
static const int64_t conf_grad_of_vjp_composition_out_0_shape[] = {0};
static const double conf_grad_of_vjp_composition_out_0_data[] = {
    0.9935220830148702};
static const int64_t conf_grad_of_vjp_composition_out_1_shape[] = {0};
static const double conf_grad_of_vjp_composition_out_1_data[] = {
    -0.4967610415074351};
static const conf_array conf_grad_of_vjp_composition_out[] = {
    {0, conf_grad_of_vjp_composition_out_0_shape,
     conf_grad_of_vjp_composition_out_0_data},
    {0, conf_grad_of_vjp_composition_out_1_shape,
     conf_grad_of_vjp_composition_out_1_data}};
CONF_PROG(conf_grad_of_vjp_composition,
          "test_eager_transforms.py TestGradTransform.test_grad_of_vjp_composition",
          CONF_STACK,
    "prog conf_grad_of_vjp_composition\n"
    "in -\n"
    "tf grad 0 sum\n"
    "tf vjp\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_grad_of_vjp_composition_in, 1,
          conf_grad_of_vjp_composition_out, 2, 0)
static const int64_t conf_grad_vjp_of_grad_composition_in_0_shape[] = {0};
static const double conf_grad_vjp_of_grad_composition_in_0_data[] = {
    -1.1910179843496842};
static const conf_array conf_grad_vjp_of_grad_composition_in[] = {
    {0, conf_grad_vjp_of_grad_composition_in_0_shape,
     conf_grad_vjp_of_grad_composition_in_0_data}};
static const int64_t conf_grad_vjp_of_grad_composition_out_0_shape[] = {0};
static const double conf_grad_vjp_of_grad_composition_out_0_data[] = {
    0.37071461477028317};
static const int64_t conf_grad_vjp_of_grad_composition_out_1_shape[] = {0};
static const double conf_grad_vjp_of_grad_composition_out_1_data[] = {
    -0.4643734150432496};
static const conf_array conf_grad_vjp_of_grad_composition_out[] = {
    {0, conf_grad_vjp_of_grad_composition_out_0_shape,
     conf_grad_vjp_of_grad_composition_out_0_data},
    {0, conf_grad_vjp_of_grad_composition_out_1_shape,
     conf_grad_vjp_of_grad_composition_out_1_data}};
CONF_PROG(conf_grad_vjp_of_grad_composition,
          "test_eager_transforms.py TestGradTransform.test_vjp_of_grad_composition",
          CONF_STACK,
    "prog conf_grad_vjp_of_grad_composition\n"
    "in -\n"
    "tf vjp\n"
    "tf grad 0 sum\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_grad_vjp_of_grad_composition_in, 1,
          conf_grad_vjp_of_grad_composition_out, 2, 0)
static const int64_t conf_grad_of_vjp_of_grad_in_0_shape[] = {0};
static const double conf_grad_of_vjp_of_grad_in_0_data[] = {
    -1.728458367816654};
static const conf_array conf_grad_of_vjp_of_grad_in[] = {
    {0, conf_grad_of_vjp_of_grad_in_0_shape,
     conf_grad_of_vjp_of_grad_in_0_data}};
static const int64_t conf_grad_of_vjp_of_grad_out_0_shape[] = {0};
static const double conf_grad_of_vjp_of_grad_out_0_data[] = {
    -0.1570096764055904};
static const int64_t conf_grad_of_vjp_of_grad_out_1_shape[] = {0};
static const double conf_grad_of_vjp_of_grad_out_1_data[] = {
    0.0785048382027952};
static const conf_array conf_grad_of_vjp_of_grad_out[] = {
    {0, conf_grad_of_vjp_of_grad_out_0_shape,
     conf_grad_of_vjp_of_grad_out_0_data},
    {0, conf_grad_of_vjp_of_grad_out_1_shape,
     conf_grad_of_vjp_of_grad_out_1_data}};
CONF_PROG(conf_grad_of_vjp_of_grad,
          "test_eager_transforms.py TestGradTransform.test_grad_of_vjp_of_grad_composition",
          CONF_STACK,
    "prog conf_grad_of_vjp_of_grad\n"
    "in -\n"
    "tf grad 0 sum\n"
    "tf vjp\n"
    "tf grad 0 sum\n"
    "v1 = cos v0\n"
    "v2 = neg v1\n"
    "out v2\n"
    "end\n",
          conf_grad_of_vjp_of_grad_in, 1,
          conf_grad_of_vjp_of_grad_out, 2, 0)
static const int64_t conf_grad_views_in_0_shape[] = {0};
static const double conf_grad_views_in_0_data[] = {
    0.554393252539949};
static const conf_array conf_grad_views_in[] = {
    {0, conf_grad_views_in_0_shape,
     conf_grad_views_in_0_data}};
static const int64_t conf_grad_views_out_0_shape[] = {0};
static const double conf_grad_views_out_0_data[] = {
    0.8502200053169804};
static const conf_array conf_grad_views_out[] = {
    {0, conf_grad_views_out_0_shape,
     conf_grad_views_out_0_data}};
CONF_PROG(conf_grad_views,
          "test_eager_transforms.py TestGradTransform.test_views",
          CONF_STACK,
    "prog conf_grad_views\n"
    "in -\n"
    "tf grad 0 sum\n"
    "v1 = reshape v0 [1]\n"
    "v2 = sin v1\n"
    "v3 = squeeze v2 0\n"
    "out v3\n"
    "end\n",
          conf_grad_views_in, 1,
          conf_grad_views_out, 1, 0)
static const int64_t conf_grad_view_inplace_simple_in_0_shape[] = {0};
static const double conf_grad_view_inplace_simple_in_0_data[] = {
    2.276948432391612};
static const conf_array conf_grad_view_inplace_simple_in[] = {
    {0, conf_grad_view_inplace_simple_in_0_shape,
     conf_grad_view_inplace_simple_in_0_data}};
static const int64_t conf_grad_view_inplace_simple_out_0_shape[] = {0};
static const double conf_grad_view_inplace_simple_out_0_data[] = {
    2.0709401349011265};
static const conf_array conf_grad_view_inplace_simple_out[] = {
    {0, conf_grad_view_inplace_simple_out_0_shape,
     conf_grad_view_inplace_simple_out_0_data}};
CONF_PROG(conf_grad_view_inplace_simple,
          "test_eager_transforms.py TestGradTransform.test_view_inplace_simple (mul_ for sin_)",
          CONF_STACK,
    "prog conf_grad_view_inplace_simple\n"
    "in -\n"
    "tf grad 0 sum\n"
    "v1 = clone v0\n"
    "v2 = reshape v1 [1]\n"
    "mul_ v2 v0\n"
    "v3 = sin v1\n"
    "out v3\n"
    "end\n",
          conf_grad_view_inplace_simple_in, 1,
          conf_grad_view_inplace_simple_out, 1, 0)
static const int64_t conf_grad_inplace_on_view_in_0_shape[] = {3};
static const double conf_grad_inplace_on_view_in_0_data[] = {
    0.3206888346323486, -2.209443384833018, -0.9413579684059161};
static const conf_array conf_grad_inplace_on_view_in[] = {
    {1, conf_grad_inplace_on_view_in_0_shape,
     conf_grad_inplace_on_view_in_0_data}};
static const int64_t conf_grad_inplace_on_view_out_0_shape[] = {3};
static const double conf_grad_inplace_on_view_out_0_data[] = {
    0.6379889437470876, -0.5961097061164726, 0.5886908431743205};
static const conf_array conf_grad_inplace_on_view_out[] = {
    {1, conf_grad_inplace_on_view_out_0_shape,
     conf_grad_inplace_on_view_out_0_data}};
CONF_PROG(conf_grad_inplace_on_view,
          "test_eager_transforms.py TestGradTransform.test_inplace_on_view (mul_ for sin_)",
          CONF_STACK,
    "prog conf_grad_inplace_on_view\n"
    "in 3\n"
    "tf grad 0 sum\n"
    "v1 = clone v0\n"
    "v2 = select v1 0 0\n"
    "v3 = select v0 0 0\n"
    "mul_ v2 v3\n"
    "v4 = sin v1\n"
    "v5 = sum v4 [] 0\n"
    "out v5\n"
    "end\n",
          conf_grad_inplace_on_view_in, 1,
          conf_grad_inplace_on_view_out, 1, 0)
static const int64_t conf_grad_inplace_on_view_base_in_0_shape[] = {3};
static const double conf_grad_inplace_on_view_base_in_0_data[] = {
    0.6659936760712414, -0.26829157538871845, -0.5103578965752021};
static const conf_array conf_grad_inplace_on_view_base_in[] = {
    {1, conf_grad_inplace_on_view_base_in_0_shape,
     conf_grad_inplace_on_view_base_in_0_data}};
static const int64_t conf_grad_inplace_on_view_base_out_0_shape[] = {3};
static const double conf_grad_inplace_on_view_base_out_0_data[] = {
    1.2030974897796773, -0.0, -0.0};
static const conf_array conf_grad_inplace_on_view_base_out[] = {
    {1, conf_grad_inplace_on_view_base_out_0_shape,
     conf_grad_inplace_on_view_base_out_0_data}};
CONF_PROG(conf_grad_inplace_on_view_base,
          "test_eager_transforms.py TestGradTransform.test_inplace_on_view_base (mul_ for sin_)",
          CONF_STACK,
    "prog conf_grad_inplace_on_view_base\n"
    "in 3\n"
    "tf grad 0 sum\n"
    "v1 = clone v0\n"
    "v2 = select v1 0 0\n"
    "mul_ v1 v0\n"
    "v3 = sin v2\n"
    "out v3\n"
    "end\n",
          conf_grad_inplace_on_view_base_in, 1,
          conf_grad_inplace_on_view_base_out, 1, 0)
static const int64_t conf_grad_no_grad_inside_in_0_shape[] = {0};
static const double conf_grad_no_grad_inside_in_0_data[] = {
    -1.2133113826713224};
static const conf_array conf_grad_no_grad_inside_in[] = {
    {0, conf_grad_no_grad_inside_in_0_shape,
     conf_grad_no_grad_inside_in_0_data}};
static const int64_t conf_grad_no_grad_inside_out_0_shape[] = {0};
static const double conf_grad_no_grad_inside_out_0_data[] = {
    -2.426622765342645};
static const conf_array conf_grad_no_grad_inside_out[] = {
    {0, conf_grad_no_grad_inside_out_0_shape,
     conf_grad_no_grad_inside_out_0_data}};
CONF_PROG(conf_grad_no_grad_inside,
          "test_eager_transforms.py TestGradTransform.test_no_grad_inside",
          CONF_STACK,
    "prog conf_grad_no_grad_inside\n"
    "in -\n"
    "tf grad 0 sum\n"
    "nograd\n"
    "v1 = pow_scalar v0 2.0\n"
    "grad\n"
    "v2 = pow_scalar v0 2.0\n"
    "v3 = sub v2 v1\n"
    "out v3\n"
    "end\n",
          conf_grad_no_grad_inside_in, 1,
          conf_grad_no_grad_inside_out, 1, 0)
static const int64_t conf_grad_no_grad_inside_nested_in_0_shape[] = {0};
static const double conf_grad_no_grad_inside_nested_in_0_data[] = {
    0.7029036585936035};
static const conf_array conf_grad_no_grad_inside_nested_in[] = {
    {0, conf_grad_no_grad_inside_nested_in_0_shape,
     conf_grad_no_grad_inside_nested_in_0_data}};
static const int64_t conf_grad_no_grad_inside_nested_out_0_shape[] = {0};
static const double conf_grad_no_grad_inside_nested_out_0_data[] = {
    2.0};
static const conf_array conf_grad_no_grad_inside_nested_out[] = {
    {0, conf_grad_no_grad_inside_nested_out_0_shape,
     conf_grad_no_grad_inside_nested_out_0_data}};
CONF_PROG(conf_grad_no_grad_inside_nested,
          "test_eager_transforms.py TestGradTransform.test_no_grad_inside (grad of grad)",
          CONF_STACK,
    "prog conf_grad_no_grad_inside_nested\n"
    "in -\n"
    "tf grad 0 sum\n"
    "tf grad 0 sum\n"
    "nograd\n"
    "v1 = pow_scalar v0 2.0\n"
    "grad\n"
    "v2 = pow_scalar v0 2.0\n"
    "v3 = sub v2 v1\n"
    "out v3\n"
    "end\n",
          conf_grad_no_grad_inside_nested_in, 1,
          conf_grad_no_grad_inside_nested_out, 1, 0)
static const int64_t conf_grad_detach_inside_in_0_shape[] = {3};
static const double conf_grad_detach_inside_in_0_data[] = {
    -0.5372158724058113, 1.1849933824368475, -1.6069982647451888};
static const conf_array conf_grad_detach_inside_in[] = {
    {1, conf_grad_detach_inside_in_0_shape,
     conf_grad_detach_inside_in_0_data}};
static const int64_t conf_grad_detach_inside_out_0_shape[] = {3};
static const double conf_grad_detach_inside_out_0_data[] = {
    -0.5372158724058113, 1.1849933824368475, -1.6069982647451888};
static const conf_array conf_grad_detach_inside_out[] = {
    {1, conf_grad_detach_inside_out_0_shape,
     conf_grad_detach_inside_out_0_data}};
CONF_PROG(conf_grad_detach_inside,
          "test_eager_transforms.py TestGradTransform (detach inside grad stops the gradient,"
          " as torch.Tensor.detach)",
          CONF_STACK,
    "prog conf_grad_detach_inside\n"
    "in 3\n"
    "tf grad 0 sum\n"
    "v1 = detach v0\n"
    "v2 = mul v1 v0\n"
    "v3 = sum v2 [] 0\n"
    "out v3\n"
    "end\n",
          conf_grad_detach_inside_in, 1,
          conf_grad_detach_inside_out, 1, 0)
static const int64_t conf_grad_tensor_ctor_inside_in_0_shape[] = {0};
static const double conf_grad_tensor_ctor_inside_in_0_data[] = {
    -0.759992866081126};
static const conf_array conf_grad_tensor_ctor_inside_in[] = {
    {0, conf_grad_tensor_ctor_inside_in_0_shape,
     conf_grad_tensor_ctor_inside_in_0_data}};
static const int64_t conf_grad_tensor_ctor_inside_out_0_shape[] = {0};
static const double conf_grad_tensor_ctor_inside_out_0_data[] = {
    2.0};
static const conf_array conf_grad_tensor_ctor_inside_out[] = {
    {0, conf_grad_tensor_ctor_inside_out_0_shape,
     conf_grad_tensor_ctor_inside_out_0_data}};
CONF_PROG(conf_grad_tensor_ctor_inside,
          "test_eager_transforms.py TestGradTransform.test_tensor_ctor_inside_grad",
          CONF_STACK,
    "prog conf_grad_tensor_ctor_inside\n"
    "in -\n"
    "tf grad 0 sum\n"
    "v1 = mul_scalar v0 2.0\n"
    "out v1\n"
    "end\n",
          conf_grad_tensor_ctor_inside_in, 1,
          conf_grad_tensor_ctor_inside_out, 1, 0)
static const int64_t conf_grad_nonscalar_output_fails_in_0_shape[] = {3};
static const double conf_grad_nonscalar_output_fails_in_0_data[] = {
    -0.1676539592964508, 1.1195547217353212, 0.43453909833749194};
static const conf_array conf_grad_nonscalar_output_fails_in[] = {
    {1, conf_grad_nonscalar_output_fails_in_0_shape,
     conf_grad_nonscalar_output_fails_in_0_data}};
static const conf_array conf_grad_nonscalar_output_fails_out[] = {
    {0, NULL, NULL}};
CONF_PROG(conf_grad_nonscalar_output_fails,
          "test_eager_transforms.py TestGradTransform.test_primitive (grad of a non-scalar"
          " output fails)",
          CONF_STACK,
    "prog conf_grad_nonscalar_output_fails\n"
    "in 3\n"
    "tf grad 0 nosum\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_grad_nonscalar_output_fails_in, 1,
          conf_grad_nonscalar_output_fails_out, 0, 1)
static const int64_t conf_vmap_of_grad_per_sample_simple_in_0_shape[] = {16, 2};
static const double conf_vmap_of_grad_per_sample_simple_in_0_data[] = {
    0.4728047842560254, -0.14030110819697736, -0.06432783290042497, -1.0208841754606843,
    2.0841362589836945, -1.0245186725159359, 0.3395830812305237, -0.005688002592855152,
    -0.26016893383824385, 1.4760181422024563, 1.3725790286435808, -1.0790577155563126,
    0.4780345382199503, -0.17994917153639325, 0.4892950601749608, -0.5254369709390606,
    -0.38007090629325785, -0.6829556622147558, -0.49208200586806916, 0.8245236981948281,
    -0.3390259049420705, 0.8381416527754328, -1.4967747720155595, 0.6781813626382407,
    -0.32257496747305586, 0.40973795622843273, 1.255618212024072, 0.5915651292406642,
    0.11144388878602779, -2.096432349017461, -1.8858874345552665, -1.2492220161025724};
static const int64_t conf_vmap_of_grad_per_sample_simple_in_1_shape[] = {8, 16};
static const double conf_vmap_of_grad_per_sample_simple_in_1_data[] = {
    -0.6517399487628414, 0.5954065407470942, 0.13985301266710554, 0.968036190846578,
    1.2174269373052393, 0.6375347603029433, -1.8635609749888913, 0.229904987411075,
    -0.2485649173445365, -0.19322869162641196, 0.28825562014530853, -0.13388438343955686,
    -0.7411266455061729, 0.5531264883208883, -0.0402781601653326, 0.4659136185000999,
    0.7999006135713567, -0.04745796522820247, 0.5723467783238126, 0.5398666440945786,
    -0.46267596639504116, 0.4412467491018733, 0.06958580214531165, 1.7673973360690964,
    1.378741231264329, 1.0604291125641732, 2.3192847783210557, 0.11115769827188363,
    -0.5036733593952175, -1.594965144509778, -0.12592430296759852, -0.7649359272390842,
    -0.7166722535449209, 0.5555061226127969, -0.041485326572774865, -1.001927273817407,
    0.1778092945555088, 0.2638886730613884, -0.20638707198650064, 1.0370263642197315,
    1.3369831715460865, -0.3384475132473328, 0.07023335289981326, -0.6318567350883204,
    -1.7048592861881473, -0.6654566751183703, 0.8204304505812207, -0.4510499920919663,
    0.26742294814393175, -0.8971525446637563, 0.3898343039154027, 1.1956386177082825,
    0.7533402553213353, 3.213422688709315, -1.2324014242537127, -1.0350490976364788,
    -0.5227926970609523, -1.5344016599886057, 1.037077168650759, -0.5976554346495356,
    0.49177200987303543, 1.5603908344515385, -0.9850612560883851, -1.5026161041034507,
    -0.49984671437022077, 0.5164076705627413, -0.10027279506241087, 2.3246297108787997,
    -1.4222277055890324, -0.3178987080768878, 0.1502978881825962, -0.31810650388665307,
    0.24051242178844418, 1.4012348390179998, -1.1433762324305212, 0.3528649309647695,
    -0.6506568269581096, -0.307100139658989, 2.18283264149002, 0.4093168341533691,
    0.90623993021863, -0.20770794236992673, 1.0882236588275103, -0.12391320698813094,
    -0.31201452742928054, -1.0068188767113306, 0.13739235624531068, 0.409257034756255,
    0.8542439095282088, 0.037318630999672024, -0.49321328517565316, -0.42382601870492215,
    0.26871240779784467, 0.6291905205975054, -0.41327336210762505, -0.3011011825808011,
    -0.09073662762591904, -0.12517843498765308, 1.0202570485433167, 0.7102483068212027,
    -0.14050927842096889, 2.5358332816337494, -0.6221645020079947, -0.9789319237878169,
    1.8601883828790318, 0.08185665043929703, -1.6512017914010455, 0.7919396210281279,
    -0.7168759651899926, 0.9508089967510759, -1.0786568661254428, -1.845933562887055,
    0.8736190360003085, 0.38868482125340487, -0.24285279271672164, 0.657533776255959,
    0.9603387118394909, -0.31834966661717723, 0.14074135828988207, -1.2150732619365936,
    -0.7461686405676043, -0.2604164252989369, -0.48886831920713314, -0.9554001739531002,
    -0.3347127823954031, -1.480280962268027, -0.09793287111136752, -0.04447483485335964};
static const int64_t conf_vmap_of_grad_per_sample_simple_in_2_shape[] = {8, 2};
static const double conf_vmap_of_grad_per_sample_simple_in_2_data[] = {
    -1.621991379435274, -0.6573100997275215, 0.7131630464625972, 0.0013914713618222137,
    0.4943408107364882, -0.43400853734511313, -0.0019456596327677696, -1.9873450384648341,
    -1.9882207552977684, 0.07376571162555073, 0.1766980550613217, 0.556115562419901,
    -0.20438849280111654, -1.373291944417412, -0.916513122930229, -1.2713020727733892};
static const conf_array conf_vmap_of_grad_per_sample_simple_in[] = {
    {2, conf_vmap_of_grad_per_sample_simple_in_0_shape,
     conf_vmap_of_grad_per_sample_simple_in_0_data},
    {2, conf_vmap_of_grad_per_sample_simple_in_1_shape,
     conf_vmap_of_grad_per_sample_simple_in_1_data},
    {2, conf_vmap_of_grad_per_sample_simple_in_2_shape,
     conf_vmap_of_grad_per_sample_simple_in_2_data}};
static const int64_t conf_vmap_of_grad_per_sample_simple_out_0_shape[] = {8, 16, 2};
static const double conf_vmap_of_grad_per_sample_simple_out_0_data[] = {
    -2.6309195665541347, -1.3072151077353829, 2.403514961879153, 1.1942254372875418,
    0.5645534360228698, 0.2805075419540885, 3.9077324636387254, 1.941620328646957,
    4.9144637462939, 2.4418311138213302, 2.5735765905148766, 1.278723318950215,
    -7.522753579662892, -3.7378022711601657, 0.928071895817268, 0.46112759154622673,
    -1.0033976064257137, -0.49855439400725043, -0.7800183901333482, -0.387564803141907,
    1.163619558152098, 0.5781632724200177, -0.5404594957172729, -0.2685360764738257,
    -2.991752456878073, -1.4865007885276205, 2.232840419963791, 1.109423019709343,
    -0.1625933777497124, -0.08078715993987294, 1.8807827532480983, 0.9344974512596806,
    0.41302001236039837, -1.1729357107281384, -0.024504405988185915, 0.06959007310435976,
    0.295525055797007, -0.8392617330531833, 0.2787542905128909, -0.7916344295102871,
    -0.23889772068826176, 0.6784457397243692, 0.22783297659239, -0.6470229682079334,
    0.035929874755122965, -0.10203726676928933, 0.9125764591301628, -2.5916262787518094,
    0.7118980917343494, -2.0217196968795066, 0.5475410791637183, -1.5549621461958167,
    1.1975375584881882, -3.400887427370731, 0.0573950727568873, -0.1629962918059506,
    -0.2600662802272731, 0.738562341063084, -0.8235429658675564, 2.338780022945059,
    -0.06501964904857833, 0.1846493292957946, -0.3949663755258713, 1.1216651797175106,
    -0.9544039398597642, 6.199114290911514, 0.7397764172052507, -4.805049904393969,
    -0.05524667507578284, 0.358842245598811, -1.3342826275949147, 8.666530134037334,
    0.23679149071009215, -1.53802541326774, 0.351424780307011, -2.282599942013791,
    -0.2748489754775898, 1.7852191724772917, 1.3810246494881522, -8.970132334115261,
    1.780481942949682, -11.564716569454921, -0.45071598416325126, 2.927523433085578,
    0.09353088302998114, -0.6075086338368675, -0.8414537529705292, 5.465471974002107,
    -2.270388467805368, 14.746793269483968, -0.8861993322574513, 5.756106734010988,
    1.092580395770211, -7.096608115829939, -0.600670512074325, 3.9015190529035513,
    5.639953036340024, 2.937479133011936, -18.920957432617953, -9.85467738415606,
    8.221609930251102, 4.282093743381362, 25.21603212855102, 13.133366132255064,
    15.887954604815562, 8.274986478996086, 67.77112127443755, 35.297502174533996,
    -25.9913601392522, -13.537183298461883, -21.829197312692646, -11.369387507887224,
    -11.025703963065874, -5.742561171979307, -32.360548566535876, -16.854472995524343,
    21.871969353589996, 11.391664639771612, -12.604559955425248, -6.564883007232777,
    10.371477315318794, 5.401817709465563, 32.908660553340006, 17.13994833785728,
    -20.774953162457958, -10.82030134130738, -31.690190829212042, -16.505327913578817,
    -0.5229754023527757, 7.318849608707679, 0.5403026598481909, -7.561338244253014,
    -0.10491257386551696, 1.4682131257603668, 2.4321939575011555, -34.037665469686566,
    -1.4880364023295096, 20.82452557412199, -0.3326083776971663, 4.654732677694323,
    0.15725240615835606, -2.200689948518985, -0.33282578854352174, 4.657775263025523,
    0.2516413071037799, -3.5216281181592626, 1.466072163041958, -20.51714407320998,
    -1.1962820360824942, 16.74152985455401, 0.36919254231768744, -5.1667146900666445,
    -0.6807637343394936, 9.527039643313994, -0.3213101426566499, 4.496618007800936,
    2.2838357162962004, -31.961446108878075, 0.42825656321624456, -5.993294074675081,
    5.691015739456789, -1.3193152709208975, -1.3043666801928084, 0.3023837850469598,
    6.833839211810644, -1.5842494282084685, -0.778151555433993, 0.18039437548153897,
    -1.9593923500047339, 0.45423459843278785, -6.322632542536577, 1.4657393420925828,
    0.8627980690328706, -0.20001748726577598, 2.570056944764473, -0.5958014403045248,
    5.3644905420215805, -1.243618822511874, 0.23435396004110823, -0.054328923418604354,
    -3.0972863534788986, 0.7180259854543385, -2.661547414556237, 0.6170111468781921,
    1.6874632105384444, -0.3911948384442663, 3.9511977307969244, -0.9159833223666242,
    -2.5952787225843306, 0.6016484592130841, -1.8908586038831825, 0.4383468163617073,
    -1.5772098501504936, -0.1693823249453267, -2.175887134607951, -0.23367646457657676,
    17.73439799065588, 1.904561756874901, 12.345737932749897, 1.325853876714856,
    -2.44237221242931, -0.2622952701466226, 44.07857482450368, 4.733759102086879,
    -10.81464020270333, -1.1614237007246073, -17.016072926914433, -1.8274182053358228,
    32.334323165590654, 3.472501032629673, 1.4228555628653974, 0.15280565441341634,
    -28.70165883528991, -3.082375945626452, 13.765719574233085, 1.4783508902169933,
    -12.460941774199497, -1.3382260379117343, 16.527232216189788, 1.7749198164229172,
    -18.74952021800225, -2.0135794395600555, -32.086541833049196, -3.445890890561439,
    0.24009418278399536, 3.243497676639315, 0.10682112073316428, 1.4430756001520333,
    -0.06674252780832457, -0.9016429776397152, 0.18070809833291357, 2.441234894974661,
    0.2639270994718297, 3.565463036266853, -0.08749111442894605, -1.1819412827347664,
    0.03867953880357844, 0.5225324195203693, -0.33393505615787306, -4.51121958157114,
    -0.20506736070716808, -2.7703108017683875, -0.07156948994831146, -0.9668517232441798,
    -0.13435426055549063, -1.8150282814239675, -0.26256985544540673, -3.5471276572281365,
    -0.09198814202184256, -1.2426928527237209, -0.40682131831010454, -5.495859938986104,
    -0.026914606582778063, -0.36359674735410163, -0.012222889713413667, -0.16512234460483788};
static const conf_array conf_vmap_of_grad_per_sample_simple_out[] = {
    {3, conf_vmap_of_grad_per_sample_simple_out_0_shape,
     conf_vmap_of_grad_per_sample_simple_out_0_data}};
CONF_PROG(conf_vmap_of_grad_per_sample_simple,
          "test_eager_transforms.py TestVmapOfGrad.test_per_sample_grads_simple",
          CONF_STACK,
    "prog conf_vmap_of_grad_per_sample_simple\n"
    "in 16,2\n"
    "in 8,16\n"
    "in 8,2\n"
    "tf vmap -,0,0 0 0\n"
    "tf grad 0 sum\n"
    "v3 = matmul v1 v0\n"
    "v4 = sub v3 v2\n"
    "v5 = pow_scalar v4 2.0\n"
    "v6 = sum v5 [] 0\n"
    "out v6\n"
    "end\n",
          conf_vmap_of_grad_per_sample_simple_in, 3,
          conf_vmap_of_grad_per_sample_simple_out, 1, 0)
static const int64_t conf_vmap_of_grad_per_sample_inplace_view_in_0_shape[] = {16, 2};
static const double conf_vmap_of_grad_per_sample_inplace_view_in_0_data[] = {
    0.36885274759486075, -1.481545271062394, 0.5510836219228006, 0.5651841900634076,
    -0.36327831036501895, 1.0460707591234835, -0.4669038542710358, 1.818624889250154,
    -0.7128642547623122, 1.5749263212565865, -1.339647628331031, -0.5584081377992315,
    -0.16016092593084905, -1.593292316933713, -0.33778733556148627, -1.079613423783957,
    1.091993547897076, 0.842493308065084, 0.08762745567138691, -1.3943507969277378,
    1.4251306278882239, -0.6617667596784994, -0.8479459118932517, 0.6712204192320247,
    -0.1612891227555393, -0.7812161769598146, -0.9308299373856574, -1.1768099298473778,
    -0.022520789024304117, -2.2754675551524257, 1.5378853284130134, -0.9737843932598526};
static const int64_t conf_vmap_of_grad_per_sample_inplace_view_in_1_shape[] = {8, 1, 16};
static const double conf_vmap_of_grad_per_sample_inplace_view_in_1_data[] = {
    0.709446506944558, -0.5721771054600497, -0.2646631357218077, -0.9528975919335584,
    -0.8478046427617195, 1.5624519250980247, 1.9158552112671823, 1.388804530867049,
    -0.8380613222359703, -1.5398512389477248, -0.5377923780332728, -0.218994812076005,
    -1.178834507231695, 0.5917655833091631, 0.706575350330708, 1.1574793709546936,
    -0.6274518309065554, 0.6868833229229431, 0.9896740003205058, 1.094505799628399,
    0.5488913111853547, -1.9188309830341612, 1.7649459993987577, -1.1210093413901274,
    -0.2900637058057244, -0.49426475993476265, 2.0376740556897146, -0.009864822056415763,
    0.8880073718876096, 1.506931558607083, 0.6456480164557886, -2.2290512301165677,
    -0.5292505611956467, -0.5624838623776388, 0.12297415308725414, 0.17575074721345374,
    -0.02847049096142426, -1.2864803719651126, 0.29486574393890114, -1.5478159522661994,
    -1.4321814062208977, 0.6415658617052427, 0.6302866924308811, 0.48993297249887285,
    2.0370078250577692, 1.4129858707018461, 1.4947207469191708, 0.4751361153985469,
    -2.361882156714225, -0.13588543309111953, 0.07482344548673617, 2.120722674060869,
    -0.3624462157061852, 0.9574031639442727, 1.239282813226705, -1.4425885027588634,
    0.4298619987065686, -0.553600962718544, 1.211609479736202, 0.39521278694720496,
    1.2334898007054989, 0.3249744729859153, 1.1493400404973602, 0.4293293417333457,
    0.8179028984726726, -0.33983068123281485, -1.2048821803347016, -1.221599857843283,
    2.0841589881383626, 0.04140830110591188, -0.12677422398105131, 1.7531684394654463,
    -2.2384787051641544, -0.039020588682247524, 0.42175928760635506, 1.6556422131884838,
    0.8630406304662205, 0.35702342715964824, -0.44145677071974937, 1.280551847259521,
    1.240182595938414, 0.47478172641226046, 0.2182123864047367, 1.5020647162124197,
    -0.49809927449531777, 2.2639556494592954, -1.478078666577234, -0.7820529210941924,
    -0.7850853570853223, 0.25376800996481, -0.5170444833414138, 0.7509220027547725,
    -0.07164891415456809, 0.9763429462196989, -0.3547934843926579, -2.9417277954872567,
    0.42523862498162457, 0.08955847198633665, 0.19232624910899976, 0.694379143238028,
    0.34978579031963764, 0.6094939037842879, -0.9341561900555452, 0.06949020794753472,
    0.027132329583511302, 0.22638657747464203, -2.4721487762203505, -0.8422990857377093,
    0.6619689364137009, -2.290014639430137, 0.5025025355782727, -1.1039725418584414,
    -1.2993180183448794, 1.242817859515597, 1.4416310559530228, 1.8088692290749693,
    -1.3718205816847662, 0.41294890607042845, -1.1257950857870178, 0.7937110999222398,
    -1.2286322862456365, 0.37735937906232675, -0.8602010278349499, -0.424973136842456,
    -0.012395077577523221, -2.20172072088567, -2.500905690068569, 0.12270732897499122};
static const int64_t conf_vmap_of_grad_per_sample_inplace_view_in_2_shape[] = {8, 2};
static const double conf_vmap_of_grad_per_sample_inplace_view_in_2_data[] = {
    -0.4672563098701459, -1.0555062801850288, -1.749128518438068, -0.21180450010764637,
    0.00015393113475092488, 0.4033969118121282, -0.4357412512400267, -0.9241106278645729,
    -0.1549265482622179, -1.2026400666224943, -0.04494791729156032, 0.20196241814846982,
    -1.256287774709854, -0.10795739096755903, -0.4164137903257155, -1.3390150438008854};
static const conf_array conf_vmap_of_grad_per_sample_inplace_view_in[] = {
    {2, conf_vmap_of_grad_per_sample_inplace_view_in_0_shape,
     conf_vmap_of_grad_per_sample_inplace_view_in_0_data},
    {3, conf_vmap_of_grad_per_sample_inplace_view_in_1_shape,
     conf_vmap_of_grad_per_sample_inplace_view_in_1_data},
    {2, conf_vmap_of_grad_per_sample_inplace_view_in_2_shape,
     conf_vmap_of_grad_per_sample_inplace_view_in_2_data}};
static const int64_t conf_vmap_of_grad_per_sample_inplace_view_out_0_shape[] = {8, 16, 2};
static const double conf_vmap_of_grad_per_sample_inplace_view_out_0_data[] = {
    0.709446506944558, 0.709446506944558, -0.5721771054600497, -0.5721771054600497,
    -0.2646631357218077, -0.2646631357218077, -0.9528975919335584, -0.9528975919335584,
    -0.8478046427617195, -0.8478046427617195, 1.5624519250980247, 1.5624519250980247,
    1.9158552112671823, 1.9158552112671823, 1.388804530867049, 1.388804530867049,
    -0.8380613222359703, -0.8380613222359703, -1.5398512389477248, -1.5398512389477248,
    -0.5377923780332728, -0.5377923780332728, -0.218994812076005, -0.218994812076005,
    -1.178834507231695, -1.178834507231695, 0.5917655833091631, 0.5917655833091631,
    0.706575350330708, 0.706575350330708, 1.1574793709546936, 1.1574793709546936,
    -0.6274518309065554, -0.6274518309065554, 0.6868833229229431, 0.6868833229229431,
    0.9896740003205058, 0.9896740003205058, 1.094505799628399, 1.094505799628399,
    0.5488913111853547, 0.5488913111853547, -1.9188309830341612, -1.9188309830341612,
    1.7649459993987577, 1.7649459993987577, -1.1210093413901274, -1.1210093413901274,
    -0.2900637058057244, -0.2900637058057244, -0.49426475993476265, -0.49426475993476265,
    2.0376740556897146, 2.0376740556897146, -0.009864822056415763, -0.009864822056415763,
    0.8880073718876096, 0.8880073718876096, 1.506931558607083, 1.506931558607083,
    0.6456480164557886, 0.6456480164557886, -2.2290512301165677, -2.2290512301165677,
    -0.5292505611956467, -0.5292505611956467, -0.5624838623776388, -0.5624838623776388,
    0.12297415308725414, 0.12297415308725414, 0.17575074721345374, 0.17575074721345374,
    -0.02847049096142426, -0.02847049096142426, -1.2864803719651126, -1.2864803719651126,
    0.29486574393890114, 0.29486574393890114, -1.5478159522661994, -1.5478159522661994,
    -1.4321814062208977, -1.4321814062208977, 0.6415658617052427, 0.6415658617052427,
    0.6302866924308811, 0.6302866924308811, 0.48993297249887285, 0.48993297249887285,
    2.0370078250577692, 2.0370078250577692, 1.4129858707018461, 1.4129858707018461,
    1.4947207469191708, 1.4947207469191708, 0.4751361153985469, 0.4751361153985469,
    -2.361882156714225, -2.361882156714225, -0.13588543309111953, -0.13588543309111953,
    0.07482344548673617, 0.07482344548673617, 2.120722674060869, 2.120722674060869,
    -0.3624462157061852, -0.3624462157061852, 0.9574031639442727, 0.9574031639442727,
    1.239282813226705, 1.239282813226705, -1.4425885027588634, -1.4425885027588634,
    0.4298619987065686, 0.4298619987065686, -0.553600962718544, -0.553600962718544,
    1.211609479736202, 1.211609479736202, 0.39521278694720496, 0.39521278694720496,
    1.2334898007054989, 1.2334898007054989, 0.3249744729859153, 0.3249744729859153,
    1.1493400404973602, 1.1493400404973602, 0.4293293417333457, 0.4293293417333457,
    0.8179028984726726, 0.8179028984726726, -0.33983068123281485, -0.33983068123281485,
    -1.2048821803347016, -1.2048821803347016, -1.221599857843283, -1.221599857843283,
    2.0841589881383626, 2.0841589881383626, 0.04140830110591188, 0.04140830110591188,
    -0.12677422398105131, -0.12677422398105131, 1.7531684394654463, 1.7531684394654463,
    -2.2384787051641544, -2.2384787051641544, -0.039020588682247524, -0.039020588682247524,
    0.42175928760635506, 0.42175928760635506, 1.6556422131884838, 1.6556422131884838,
    0.8630406304662205, 0.8630406304662205, 0.35702342715964824, 0.35702342715964824,
    -0.44145677071974937, -0.44145677071974937, 1.280551847259521, 1.280551847259521,
    1.240182595938414, 1.240182595938414, 0.47478172641226046, 0.47478172641226046,
    0.2182123864047367, 0.2182123864047367, 1.5020647162124197, 1.5020647162124197,
    -0.49809927449531777, -0.49809927449531777, 2.2639556494592954, 2.2639556494592954,
    -1.478078666577234, -1.478078666577234, -0.7820529210941924, -0.7820529210941924,
    -0.7850853570853223, -0.7850853570853223, 0.25376800996481, 0.25376800996481,
    -0.5170444833414138, -0.5170444833414138, 0.7509220027547725, 0.7509220027547725,
    -0.07164891415456809, -0.07164891415456809, 0.9763429462196989, 0.9763429462196989,
    -0.3547934843926579, -0.3547934843926579, -2.9417277954872567, -2.9417277954872567,
    0.42523862498162457, 0.42523862498162457, 0.08955847198633665, 0.08955847198633665,
    0.19232624910899976, 0.19232624910899976, 0.694379143238028, 0.694379143238028,
    0.34978579031963764, 0.34978579031963764, 0.6094939037842879, 0.6094939037842879,
    -0.9341561900555452, -0.9341561900555452, 0.06949020794753472, 0.06949020794753472,
    0.027132329583511302, 0.027132329583511302, 0.22638657747464203, 0.22638657747464203,
    -2.4721487762203505, -2.4721487762203505, -0.8422990857377093, -0.8422990857377093,
    0.6619689364137009, 0.6619689364137009, -2.290014639430137, -2.290014639430137,
    0.5025025355782727, 0.5025025355782727, -1.1039725418584414, -1.1039725418584414,
    -1.2993180183448794, -1.2993180183448794, 1.242817859515597, 1.242817859515597,
    1.4416310559530228, 1.4416310559530228, 1.8088692290749693, 1.8088692290749693,
    -1.3718205816847662, -1.3718205816847662, 0.41294890607042845, 0.41294890607042845,
    -1.1257950857870178, -1.1257950857870178, 0.7937110999222398, 0.7937110999222398,
    -1.2286322862456365, -1.2286322862456365, 0.37735937906232675, 0.37735937906232675,
    -0.8602010278349499, -0.8602010278349499, -0.424973136842456, -0.424973136842456,
    -0.012395077577523221, -0.012395077577523221, -2.20172072088567, -2.20172072088567,
    -2.500905690068569, -2.500905690068569, 0.12270732897499122, 0.12270732897499122};
static const conf_array conf_vmap_of_grad_per_sample_inplace_view_out[] = {
    {3, conf_vmap_of_grad_per_sample_inplace_view_out_0_shape,
     conf_vmap_of_grad_per_sample_inplace_view_out_0_data}};
CONF_PROG(conf_vmap_of_grad_per_sample_inplace_view,
          "test_eager_transforms.py TestVmapOfGrad.test_per_sample_grads_inplace_view",
          CONF_STACK,
    "prog conf_vmap_of_grad_per_sample_inplace_view\n"
    "in 16,2\n"
    "in 8,1,16\n"
    "in 8,2\n"
    "tf vmap -,0,0 0 0\n"
    "tf grad 0 sum\n"
    "v3 = mm v1 v0\n"
    "v4 = squeeze v3 0\n"
    "v5 = sub v4 v2\n"
    "v6 = sum v5 [] 0\n"
    "out v6\n"
    "end\n",
          conf_vmap_of_grad_per_sample_inplace_view_in, 3,
          conf_vmap_of_grad_per_sample_inplace_view_out, 1, 0)
static const int64_t conf_vmap_of_grad_new_zeros_in_0_shape[] = {3, 5};
static const double conf_vmap_of_grad_new_zeros_in_0_data[] = {
    2.3650175983902444, -2.744683210697904, -0.383718718440299, -0.9385264477921755,
    1.4226324502731924, 0.07297068227474712, -0.07602005533178562, -0.11845409373173109,
    -0.5110230970011215, -0.02754981329687094, 1.1891481757181206, -0.16658748333055193,
    0.1825802092202884, -0.7043788422782443, -0.2866004772389175};
static const int64_t conf_vmap_of_grad_new_zeros_in_1_shape[] = {3};
static const double conf_vmap_of_grad_new_zeros_in_1_data[] = {
    1.1854252541215928, -0.07269592632532668, -1.1087098160221232};
static const conf_array conf_vmap_of_grad_new_zeros_in[] = {
    {2, conf_vmap_of_grad_new_zeros_in_0_shape,
     conf_vmap_of_grad_new_zeros_in_0_data},
    {1, conf_vmap_of_grad_new_zeros_in_1_shape,
     conf_vmap_of_grad_new_zeros_in_1_data}};
static const int64_t conf_vmap_of_grad_new_zeros_out_0_shape[] = {3, 5};
static const double conf_vmap_of_grad_new_zeros_out_0_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0};
static const conf_array conf_vmap_of_grad_new_zeros_out[] = {
    {2, conf_vmap_of_grad_new_zeros_out_0_shape,
     conf_vmap_of_grad_new_zeros_out_0_data}};
CONF_PROG(conf_vmap_of_grad_new_zeros,
          "test_eager_transforms.py TestVmapOfGrad.test_new_zeros_materializes_tensor",
          CONF_STACK,
    "prog conf_vmap_of_grad_new_zeros\n"
    "in 3,5\n"
    "in 3\n"
    "tf vmap 0,0 0 0\n"
    "tf grad 0 sum\n"
    "v2 = mul_scalar v1 0.0\n"
    "v3 = sum v2 [] 0\n"
    "v4 = expand v3 [5]\n"
    "v5 = clone v4\n"
    "copy_ v5 v0\n"
    "v6 = sum v5 [] 0\n"
    "out v6\n"
    "end\n",
          conf_vmap_of_grad_new_zeros_in, 2,
          conf_vmap_of_grad_new_zeros_out, 1, 0)
static const int64_t conf_vmap_of_grad_log_softmax_in_0_shape[] = {3, 5};
static const double conf_vmap_of_grad_log_softmax_in_0_data[] = {
    0.032625313295395746, -1.5381279183658676, -0.8601248895442293, -0.5577883971914301,
    -0.4394209275984691, 1.116889848411757, -0.008773783019813311, -0.15621423019051786,
    -1.160867819866932, -0.057463511312332315, -0.3720679875947836, 2.3226249540734947,
    0.7405529094207416, -0.09680473955117655, -0.9147586017992484};
static const int64_t conf_vmap_of_grad_log_softmax_in_1_shape[] = {5};
static const double conf_vmap_of_grad_log_softmax_in_1_data[] = {
    0.8964134134126616, -1.899246407124448, -0.9894016509574102, 0.10074789807043308,
    -0.9586466529486047};
static const conf_array conf_vmap_of_grad_log_softmax_in[] = {
    {2, conf_vmap_of_grad_log_softmax_in_0_shape,
     conf_vmap_of_grad_log_softmax_in_0_data},
    {1, conf_vmap_of_grad_log_softmax_in_1_shape,
     conf_vmap_of_grad_log_softmax_in_1_data}};
static const int64_t conf_vmap_of_grad_log_softmax_out_0_shape[] = {3, 5};
static const double conf_vmap_of_grad_log_softmax_out_0_data[] = {
    -1.0279176574002353, -2.5986708890614985, -1.9206678602398604, -1.6183313678870612,
    -1.4999638982941002, -0.701081072529793, -1.8267447039613636, -1.974185151132068,
    -2.978838740808482, -1.8754344322538823, -3.03212951229384, -0.33743657062556165,
    -1.919508615278315, -2.756866264250233, -3.5748201264983046};
static const int64_t conf_vmap_of_grad_log_softmax_out_1_shape[] = {3, 5};
static const double conf_vmap_of_grad_log_softmax_out_1_data[] = {
    -0.9471889324088515, 1.1570345479098434, 0.06686364767716782, -0.9977864935865884,
    0.7210772304084286, -1.1200609364253569, 1.048829234628268, 0.0764069652238242,
    -0.8135648147137475, 0.8083895512870124, -0.5602660735679942, 0.35800345462833827,
    0.0666512246821071, -0.8293630239172052, 0.9649744181747542};
static const int64_t conf_vmap_of_grad_log_softmax_out_2_shape[] = {3, 5};
static const double conf_vmap_of_grad_log_softmax_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_vmap_of_grad_log_softmax_out[] = {
    {2, conf_vmap_of_grad_log_softmax_out_0_shape,
     conf_vmap_of_grad_log_softmax_out_0_data},
    {2, conf_vmap_of_grad_log_softmax_out_1_shape,
     conf_vmap_of_grad_log_softmax_out_1_data},
    {2, conf_vmap_of_grad_log_softmax_out_2_shape,
     conf_vmap_of_grad_log_softmax_out_2_data}};
CONF_PROG(conf_vmap_of_grad_log_softmax,
          "test_eager_transforms.py TestVmapOfGrad.test_log_softmax",
          CONF_STACK,
    "prog conf_vmap_of_grad_log_softmax\n"
    "in 3,5\n"
    "in 5\n"
    "tf vmap 0,- 0,0,0 0\n"
    "tf vjp\n"
    "v2 = log_softmax v0 -1\n"
    "out v2\n"
    "end\n",
          conf_vmap_of_grad_log_softmax_in, 2,
          conf_vmap_of_grad_log_softmax_out, 3, 0)
static const int64_t conf_jacrev_simple_in_0_shape[] = {3};
static const double conf_jacrev_simple_in_0_data[] = {
    -1.424534655374484, -0.07001900802512875, -0.42742218222611517};
static const conf_array conf_jacrev_simple_in[] = {
    {1, conf_jacrev_simple_in_0_shape,
     conf_jacrev_simple_in_0_data}};
static const int64_t conf_jacrev_simple_out_0_shape[] = {3, 3};
static const double conf_jacrev_simple_out_0_data[] = {
    0.1457407456985064, 0.0, 0.0, 0.0, 0.9975496705976697, 0.0, 0.0, 0.0, 0.9100373453459446};
static const conf_array conf_jacrev_simple_out[] = {
    {2, conf_jacrev_simple_out_0_shape,
     conf_jacrev_simple_out_0_data}};
CONF_PROG(conf_jacrev_simple,
          "test_eager_transforms.py TestJac.test_simple (jacrev)",
          CONF_STACK,
    "prog conf_jacrev_simple\n"
    "in 3\n"
    "tf jacrev 0 0\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_jacrev_simple_in, 1,
          conf_jacrev_simple_out, 1, 0)
static const int64_t conf_jacrev_simple_not_flat_in_0_shape[] = {2, 3};
static const double conf_jacrev_simple_not_flat_in_0_data[] = {
    1.0657020073079688, -0.7762858499942528, -1.158923022670014, -1.363810773265944,
    0.2914214112645981, 0.4886172947301986};
static const conf_array conf_jacrev_simple_not_flat_in[] = {
    {2, conf_jacrev_simple_not_flat_in_0_shape,
     conf_jacrev_simple_not_flat_in_0_data}};
static const int64_t conf_jacrev_simple_not_flat_out_0_shape[] = {2, 3, 2, 3};
static const double conf_jacrev_simple_not_flat_out_0_data[] = {
    0.4838899841792224, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.7135207137769717, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.40032667378662995, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.2055107353465442, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.957836451913081, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.8829827518440152};
static const conf_array conf_jacrev_simple_not_flat_out[] = {
    {4, conf_jacrev_simple_not_flat_out_0_shape,
     conf_jacrev_simple_not_flat_out_0_data}};
CONF_PROG(conf_jacrev_simple_not_flat,
          "test_eager_transforms.py TestJac.test_simple_not_flat (jacrev)",
          CONF_STACK,
    "prog conf_jacrev_simple_not_flat\n"
    "in 2,3\n"
    "tf jacrev 0 0\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_jacrev_simple_not_flat_in, 1,
          conf_jacrev_simple_not_flat_out, 1, 0)
static const int64_t conf_jacrev_diff_numel_in_0_shape[] = {2, 4};
static const double conf_jacrev_diff_numel_in_0_data[] = {
    0.31391989677762583, 1.0767818918916097, -0.6934185703410153, -0.3766386231859976,
    1.8082439029914468, -0.6749771780344201, -0.19163238394823112, 0.7481398431835228};
static const conf_array conf_jacrev_diff_numel_in[] = {
    {2, conf_jacrev_diff_numel_in_0_shape,
     conf_jacrev_diff_numel_in_0_data}};
static const int64_t conf_jacrev_diff_numel_out_0_shape[] = {3, 1, 2, 4};
static const double conf_jacrev_diff_numel_out_0_data[] = {
    0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    1.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_jacrev_diff_numel_out[] = {
    {4, conf_jacrev_diff_numel_out_0_shape,
     conf_jacrev_diff_numel_out_0_data}};
CONF_PROG(conf_jacrev_diff_numel,
          "test_eager_transforms.py TestJac.test_diff_numel (jacrev)",
          CONF_STACK,
    "prog conf_jacrev_diff_numel\n"
    "in 2,4\n"
    "tf jacrev 0 0\n"
    "v1 = select v0 0 0\n"
    "v2 = slice v1 0 1 4 1\n"
    "v3 = unsqueeze v2 -1\n"
    "out v3\n"
    "end\n",
          conf_jacrev_diff_numel_in, 1,
          conf_jacrev_diff_numel_out, 1, 0)
static const int64_t conf_jacrev_vmap_on_jac_simple_in_0_shape[] = {2, 3};
static const double conf_jacrev_vmap_on_jac_simple_in_0_data[] = {
    0.012810996196726975, 0.4767232689777425, -0.2763317527085275, -1.5118596069890922,
    0.02186502001067802, 0.4702194151696809};
static const conf_array conf_jacrev_vmap_on_jac_simple_in[] = {
    {2, conf_jacrev_vmap_on_jac_simple_in_0_shape,
     conf_jacrev_vmap_on_jac_simple_in_0_data}};
static const int64_t conf_jacrev_vmap_on_jac_simple_out_0_shape[] = {2, 3, 3};
static const double conf_jacrev_vmap_on_jac_simple_out_0_data[] = {
    0.999917940310547, 0.0, 0.0, 0.0, 0.8885032844084956, 0.0, 0.0, 0.0, 0.9620627109045212,
    0.05890260591889341, 0.0, 0.0, 0.0, 0.9997609699731324, 0.0, 0.0, 0.0, 0.8914688966135803};
static const conf_array conf_jacrev_vmap_on_jac_simple_out[] = {
    {3, conf_jacrev_vmap_on_jac_simple_out_0_shape,
     conf_jacrev_vmap_on_jac_simple_out_0_data}};
CONF_PROG(conf_jacrev_vmap_on_jac_simple,
          "test_eager_transforms.py TestJac.test_vmap_on_jac_simple (jacrev)",
          CONF_STACK,
    "prog conf_jacrev_vmap_on_jac_simple\n"
    "in 2,3\n"
    "tf vmap 0 0 0\n"
    "tf jacrev 0 0\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_jacrev_vmap_on_jac_simple_in, 1,
          conf_jacrev_vmap_on_jac_simple_out, 1, 0)
static const int64_t conf_jacrev_nested_jac_simple_in_0_shape[] = {3};
static const double conf_jacrev_nested_jac_simple_in_0_data[] = {
    -0.3322894499298605, -2.0261362975865036, 0.06493741514454575};
static const conf_array conf_jacrev_nested_jac_simple_in[] = {
    {1, conf_jacrev_nested_jac_simple_in_0_shape,
     conf_jacrev_nested_jac_simple_in_0_data}};
static const int64_t conf_jacrev_nested_jac_simple_out_0_shape[] = {3, 3};
static const double conf_jacrev_nested_jac_simple_out_0_data[] = {
    0.32620809383125066, 0.0, -0.0, 0.0, 0.8981115719201663, -0.0, 0.0, 0.0, -0.06489178601612525};
static const conf_array conf_jacrev_nested_jac_simple_out[] = {
    {2, conf_jacrev_nested_jac_simple_out_0_shape,
     conf_jacrev_nested_jac_simple_out_0_data}};
CONF_PROG(conf_jacrev_nested_jac_simple,
          "test_eager_transforms.py TestJac.test_nested_jac_simple (jacrev)",
          CONF_STACK,
    "prog conf_jacrev_nested_jac_simple\n"
    "in 3\n"
    "tf jacrev 0 0\n"
    "tf jacrev 0 0\n"
    "v1 = sin v0\n"
    "v2 = sum v1 [] 0\n"
    "out v2\n"
    "end\n",
          conf_jacrev_nested_jac_simple_in, 1,
          conf_jacrev_nested_jac_simple_out, 1, 0)
static const int64_t conf_jacrev_multiple_args_in_0_shape[] = {3};
static const double conf_jacrev_multiple_args_in_0_data[] = {
    -0.17677221804622936, 2.0446727381867214, 0.37207258542433497};
static const int64_t conf_jacrev_multiple_args_in_1_shape[] = {3};
static const double conf_jacrev_multiple_args_in_1_data[] = {
    -0.9635537224994661, 0.4626870624163746, -0.43168484226518106};
static const conf_array conf_jacrev_multiple_args_in[] = {
    {1, conf_jacrev_multiple_args_in_0_shape,
     conf_jacrev_multiple_args_in_0_data},
    {1, conf_jacrev_multiple_args_in_1_shape,
     conf_jacrev_multiple_args_in_1_data}};
static const int64_t conf_jacrev_multiple_args_out_0_shape[] = {3, 3};
static const double conf_jacrev_multiple_args_out_0_data[] = {
    -0.17677221804622936, 0.0, 0.0, -0.0, 2.0446727381867214, 0.0, -0.0, 0.0, 0.37207258542433497};
static const conf_array conf_jacrev_multiple_args_out[] = {
    {2, conf_jacrev_multiple_args_out_0_shape,
     conf_jacrev_multiple_args_out_0_data}};
CONF_PROG(conf_jacrev_multiple_args,
          "test_eager_transforms.py TestJac.test_multiple_args (jacrev)",
          CONF_STACK,
    "prog conf_jacrev_multiple_args\n"
    "in 3\n"
    "in 3\n"
    "tf jacrev 1 0\n"
    "v2 = mul v0 v1\n"
    "out v2\n"
    "end\n",
          conf_jacrev_multiple_args_in, 2,
          conf_jacrev_multiple_args_out, 1, 0)
static const int64_t conf_jacrev_multiple_outputs_single_argnums_in_0_shape[] = {3};
static const double conf_jacrev_multiple_outputs_single_argnums_in_0_data[] = {
    -0.9797301864174336, -2.2876907330178486, 0.7599658883161587};
static const int64_t conf_jacrev_multiple_outputs_single_argnums_in_1_shape[] = {3};
static const double conf_jacrev_multiple_outputs_single_argnums_in_1_data[] = {
    -0.17019291397735195, 0.7842597556341425, 0.20939692197009238};
static const conf_array conf_jacrev_multiple_outputs_single_argnums_in[] = {
    {1, conf_jacrev_multiple_outputs_single_argnums_in_0_shape,
     conf_jacrev_multiple_outputs_single_argnums_in_0_data},
    {1, conf_jacrev_multiple_outputs_single_argnums_in_1_shape,
     conf_jacrev_multiple_outputs_single_argnums_in_1_data}};
static const int64_t conf_jacrev_multiple_outputs_single_argnums_out_0_shape[] = {3, 3};
static const double conf_jacrev_multiple_outputs_single_argnums_out_0_data[] = {
    4.0, 0.0, 0.0, 0.0, 4.0, 0.0, 0.0, 0.0, 4.0};
static const conf_array conf_jacrev_multiple_outputs_single_argnums_out[] = {
    {2, conf_jacrev_multiple_outputs_single_argnums_out_0_shape,
     conf_jacrev_multiple_outputs_single_argnums_out_0_data}};
CONF_PROG(conf_jacrev_multiple_outputs_single_argnums,
          "test_eager_transforms.py TestJac.test_multiple_outputs_single_argnums (jacrev)",
          CONF_STACK,
    "prog conf_jacrev_multiple_outputs_single_argnums\n"
    "in 3\n"
    "in 3\n"
    "tf jacrev 0 0\n"
    "v2 = mul_scalar v0 2.0\n"
    "v3 = mul_scalar v1 3.0\n"
    "v4 = add v2 v3\n"
    "v5 = mul_scalar v0 4.0\n"
    "v6 = mul_scalar v1 5.0\n"
    "v7 = add v5 v6\n"
    "out v7\n"
    "end\n",
          conf_jacrev_multiple_outputs_single_argnums_in, 2,
          conf_jacrev_multiple_outputs_single_argnums_out, 1, 0)
static const int64_t conf_jacrev_dimensionality_0d_in_0_shape[] = {0};
static const double conf_jacrev_dimensionality_0d_in_0_data[] = {
    -2.19708092955709};
static const conf_array conf_jacrev_dimensionality_0d_in[] = {
    {0, conf_jacrev_dimensionality_0d_in_0_shape,
     conf_jacrev_dimensionality_0d_in_0_data}};
static const int64_t conf_jacrev_dimensionality_0d_out_0_shape[] = {0};
static const double conf_jacrev_dimensionality_0d_out_0_data[] = {
    1.0};
static const conf_array conf_jacrev_dimensionality_0d_out[] = {
    {0, conf_jacrev_dimensionality_0d_out_0_shape,
     conf_jacrev_dimensionality_0d_out_0_data}};
CONF_PROG(conf_jacrev_dimensionality_0d,
          "test_eager_transforms.py TestJac.test_dimensionality (jacrev, 0-dim)",
          CONF_STACK,
    "prog conf_jacrev_dimensionality_0d\n"
    "in -\n"
    "tf jacrev 0 0\n"
    "v1 = clone v0\n"
    "out v1\n"
    "end\n",
          conf_jacrev_dimensionality_0d_in, 1,
          conf_jacrev_dimensionality_0d_out, 1, 0)
static const int64_t conf_jacrev_dimensionality_1_in_0_shape[] = {1};
static const double conf_jacrev_dimensionality_1_in_0_data[] = {
    0.6099963894454891};
static const conf_array conf_jacrev_dimensionality_1_in[] = {
    {1, conf_jacrev_dimensionality_1_in_0_shape,
     conf_jacrev_dimensionality_1_in_0_data}};
static const int64_t conf_jacrev_dimensionality_1_out_0_shape[] = {1, 1};
static const double conf_jacrev_dimensionality_1_out_0_data[] = {
    1.0};
static const conf_array conf_jacrev_dimensionality_1_out[] = {
    {2, conf_jacrev_dimensionality_1_out_0_shape,
     conf_jacrev_dimensionality_1_out_0_data}};
CONF_PROG(conf_jacrev_dimensionality_1,
          "test_eager_transforms.py TestJac.test_dimensionality (jacrev, [1])",
          CONF_STACK,
    "prog conf_jacrev_dimensionality_1\n"
    "in 1\n"
    "tf jacrev 0 0\n"
    "v1 = clone v0\n"
    "out v1\n"
    "end\n",
          conf_jacrev_dimensionality_1_in, 1,
          conf_jacrev_dimensionality_1_out, 1, 0)
static const int64_t conf_jacrev_unrelated_input_in_0_shape[] = {2, 3};
static const double conf_jacrev_unrelated_input_in_0_data[] = {
    0.09623793806375004, 0.15585981959903625, -0.5818017329541513, -1.5781918394999408,
    -0.14445395539819222, 0.05079667745087384};
static const int64_t conf_jacrev_unrelated_input_in_1_shape[] = {2, 3};
static const double conf_jacrev_unrelated_input_in_1_data[] = {
    0.7112756104779843, 0.6582092074542796, 1.2525292921741797, 1.1911821481083311,
    1.9924783547340537, -0.4547682424566451};
static const conf_array conf_jacrev_unrelated_input_in[] = {
    {2, conf_jacrev_unrelated_input_in_0_shape,
     conf_jacrev_unrelated_input_in_0_data},
    {2, conf_jacrev_unrelated_input_in_1_shape,
     conf_jacrev_unrelated_input_in_1_data}};
static const int64_t conf_jacrev_unrelated_input_out_0_shape[] = {2, 3, 2, 3};
static const double conf_jacrev_unrelated_input_out_0_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_jacrev_unrelated_input_out[] = {
    {4, conf_jacrev_unrelated_input_out_0_shape,
     conf_jacrev_unrelated_input_out_0_data}};
CONF_PROG(conf_jacrev_unrelated_input,
          "test_eager_transforms.py TestJac.test_unrelated_input (jacrev)",
          CONF_STACK,
    "prog conf_jacrev_unrelated_input\n"
    "in 2,3\n"
    "in 2,3\n"
    "tf jacrev 1 0\n"
    "v2 = clone v0\n"
    "out v2\n"
    "end\n",
          conf_jacrev_unrelated_input_in, 2,
          conf_jacrev_unrelated_input_out, 1, 0)
static const int64_t conf_jacrev_unrelated_output_in_0_shape[] = {2, 3};
static const double conf_jacrev_unrelated_output_in_0_data[] = {
    1.4231091557638549, 0.0984785443305007, 0.3548068257588225, -0.7170628424185983,
    1.0338440400712243, -0.8006010140788279};
static const int64_t conf_jacrev_unrelated_output_in_1_shape[] = {2, 3};
static const double conf_jacrev_unrelated_output_in_1_data[] = {
    1.7810782539465713, 0.16897936169348202, -1.6951096091479367, 0.7912166869409226,
    1.3886051293698294, 0.7159088656951215};
static const conf_array conf_jacrev_unrelated_output_in[] = {
    {2, conf_jacrev_unrelated_output_in_0_shape,
     conf_jacrev_unrelated_output_in_0_data},
    {2, conf_jacrev_unrelated_output_in_1_shape,
     conf_jacrev_unrelated_output_in_1_data}};
static const int64_t conf_jacrev_unrelated_output_out_0_shape[] = {2, 3, 2, 3};
static const double conf_jacrev_unrelated_output_out_0_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_jacrev_unrelated_output_out[] = {
    {4, conf_jacrev_unrelated_output_out_0_shape,
     conf_jacrev_unrelated_output_out_0_data}};
CONF_PROG(conf_jacrev_unrelated_output,
          "test_eager_transforms.py TestJac.test_unrelated_output (jacrev)",
          CONF_STACK,
    "prog conf_jacrev_unrelated_output\n"
    "in 2,3\n"
    "in 2,3\n"
    "tf jacrev 0 0\n"
    "v2 = clone v1\n"
    "out v2\n"
    "end\n",
          conf_jacrev_unrelated_output_in, 2,
          conf_jacrev_unrelated_output_out, 1, 0)
static const int64_t conf_jacrev_argnums_defaults_to_zero_in_0_shape[] = {3};
static const double conf_jacrev_argnums_defaults_to_zero_in_0_data[] = {
    -2.057675214009538, 0.24678165777820787, 0.7267447918823214};
static const int64_t conf_jacrev_argnums_defaults_to_zero_in_1_shape[] = {3};
static const double conf_jacrev_argnums_defaults_to_zero_in_1_data[] = {
    -0.2977601048075633, 1.6079020791266743, -0.2183539474156509};
static const conf_array conf_jacrev_argnums_defaults_to_zero_in[] = {
    {1, conf_jacrev_argnums_defaults_to_zero_in_0_shape,
     conf_jacrev_argnums_defaults_to_zero_in_0_data},
    {1, conf_jacrev_argnums_defaults_to_zero_in_1_shape,
     conf_jacrev_argnums_defaults_to_zero_in_1_data}};
static const int64_t conf_jacrev_argnums_defaults_to_zero_out_0_shape[] = {3, 3};
static const double conf_jacrev_argnums_defaults_to_zero_out_0_data[] = {
    2.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 2.0};
static const conf_array conf_jacrev_argnums_defaults_to_zero_out[] = {
    {2, conf_jacrev_argnums_defaults_to_zero_out_0_shape,
     conf_jacrev_argnums_defaults_to_zero_out_0_data}};
CONF_PROG(conf_jacrev_argnums_defaults_to_zero,
          "test_eager_transforms.py TestJac.test_argnums_defaults_to_zero (jacrev)",
          CONF_STACK,
    "prog conf_jacrev_argnums_defaults_to_zero\n"
    "in 3\n"
    "in 3\n"
    "tf jacrev 0 0\n"
    "v2 = mul_scalar v0 2.0\n"
    "v3 = mul_scalar v1 3.0\n"
    "v4 = add v2 v3\n"
    "out v4\n"
    "end\n",
          conf_jacrev_argnums_defaults_to_zero_in, 2,
          conf_jacrev_argnums_defaults_to_zero_out, 1, 0)
static const int64_t conf_jacrev_out_of_bounds_argnums_in_0_shape[] = {3};
static const double conf_jacrev_out_of_bounds_argnums_in_0_data[] = {
    0.34592959882995056, 1.1749327864588759, 0.9786032460521503};
static const conf_array conf_jacrev_out_of_bounds_argnums_in[] = {
    {1, conf_jacrev_out_of_bounds_argnums_in_0_shape,
     conf_jacrev_out_of_bounds_argnums_in_0_data}};
static const conf_array conf_jacrev_out_of_bounds_argnums_out[] = {
    {0, NULL, NULL}};
CONF_PROG(conf_jacrev_out_of_bounds_argnums,
          "test_eager_transforms.py TestJac.test_out_of_bounds_argnums (jacrev)",
          CONF_STACK,
    "prog conf_jacrev_out_of_bounds_argnums\n"
    "in 3\n"
    "tf jacrev 2 0\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_jacrev_out_of_bounds_argnums_in, 1,
          conf_jacrev_out_of_bounds_argnums_out, 0, 1)
static const int64_t conf_jacrev_negative_argnums_out_of_range_in_0_shape[] = {3};
static const double conf_jacrev_negative_argnums_out_of_range_in_0_data[] = {
    -0.06634297551376815, 0.09644263043010459, 0.7389728355111195};
static const conf_array conf_jacrev_negative_argnums_out_of_range_in[] = {
    {1, conf_jacrev_negative_argnums_out_of_range_in_0_shape,
     conf_jacrev_negative_argnums_out_of_range_in_0_data}};
static const conf_array conf_jacrev_negative_argnums_out_of_range_out[] = {
    {0, NULL, NULL}};
CONF_PROG(conf_jacrev_negative_argnums_out_of_range,
          "test_eager_transforms.py TestJac.test_negative_argnums (jacrev)",
          CONF_STACK,
    "prog conf_jacrev_negative_argnums_out_of_range\n"
    "in 3\n"
    "tf jacrev -2 0\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_jacrev_negative_argnums_out_of_range_in, 1,
          conf_jacrev_negative_argnums_out_of_range_out, 0, 1)
static const int64_t conf_jacrev_against_reference_simple_in_0_shape[] = {2, 3, 2};
static const double conf_jacrev_against_reference_simple_in_0_data[] = {
    1.3781027754997968, -0.53761857161508, -0.487335824499867, 0.22544850590244012,
    -0.06562799872786074, -0.4771418452372776, 1.370706209620637, 1.2118087646238473,
    0.7711540060640175, 1.2035460254927635, 1.4310154059016063, -0.26075877872973446};
static const conf_array conf_jacrev_against_reference_simple_in[] = {
    {3, conf_jacrev_against_reference_simple_in_0_shape,
     conf_jacrev_against_reference_simple_in_0_data}};
static const int64_t conf_jacrev_against_reference_simple_out_0_shape[] = {2, 3, 2, 2, 3, 2};
static const double conf_jacrev_against_reference_simple_out_0_data[] = {
    8.26861665299878, -0.0, -0.0, 0.0, -0.0, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.0, 0.0,
    -3.22571142969048, -0.0, 0.0, -0.0, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.0, 0.0, -0.0,
    -2.9240149469992023, 0.0, -0.0, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.0, 0.0, -0.0, -0.0,
    1.3526910354146406, -0.0, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.0, 0.0, -0.0, -0.0, 0.0,
    -0.3937679923671644, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.0, 0.0, -0.0, -0.0, 0.0, -0.0,
    -2.8628510714236657, 0.0, 0.0, 0.0, 0.0, 0.0, -0.0, 0.0, -0.0, -0.0, 0.0, -0.0, -0.0,
    8.224237257723821, 0.0, 0.0, 0.0, 0.0, -0.0, 0.0, -0.0, -0.0, 0.0, -0.0, -0.0, 0.0,
    7.270852587743084, 0.0, 0.0, 0.0, -0.0, 0.0, -0.0, -0.0, 0.0, -0.0, -0.0, 0.0, 0.0,
    4.626924036384105, 0.0, 0.0, -0.0, 0.0, -0.0, -0.0, 0.0, -0.0, -0.0, 0.0, 0.0, 0.0,
    7.22127615295658, 0.0, -0.0, 0.0, -0.0, -0.0, 0.0, -0.0, -0.0, 0.0, 0.0, 0.0, 0.0,
    8.586092435409638, -0.0, 0.0, -0.0, -0.0, 0.0, -0.0, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    -1.5645526723784067};
static const conf_array conf_jacrev_against_reference_simple_out[] = {
    {6, conf_jacrev_against_reference_simple_out_0_shape,
     conf_jacrev_against_reference_simple_out_0_data}};
CONF_PROG(conf_jacrev_against_reference_simple,
          "test_eager_transforms.py TestJac.test_against_reference_simple (jacrev)",
          CONF_STACK,
    "prog conf_jacrev_against_reference_simple\n"
    "in 2,3,2\n"
    "tf jacrev 0 0\n"
    "v1 = pow_scalar v0 2.0\n"
    "v2 = mul_scalar v1 3.0\n"
    "out v2\n"
    "end\n",
          conf_jacrev_against_reference_simple_in, 1,
          conf_jacrev_against_reference_simple_out, 1, 0)
static const int64_t conf_jacrev_against_reference_multi_input_in_0_shape[] = {2, 3};
static const double conf_jacrev_against_reference_multi_input_in_0_data[] = {
    0.6148531005703165, -2.1172936901546113, -0.016279463159702547, 1.3028609280815864,
    -0.024214617073948543, 0.6159901179873135};
static const int64_t conf_jacrev_against_reference_multi_input_in_1_shape[] = {3, 5};
static const double conf_jacrev_against_reference_multi_input_in_1_data[] = {
    -0.5013345733245856, -1.218848158221584, 0.7610026494932425, 0.2667657920935661,
    0.8945755715693738, -1.1559502512584834, 1.5172800845113834, 1.7158478698928827,
    0.13159803884462265, -0.7393649685618356, -1.6639715415241831, -0.13524282386887432,
    0.5030839414492376, 1.0088834785238976, -1.2076352099220877};
static const conf_array conf_jacrev_against_reference_multi_input_in[] = {
    {2, conf_jacrev_against_reference_multi_input_in_0_shape,
     conf_jacrev_against_reference_multi_input_in_0_data},
    {2, conf_jacrev_against_reference_multi_input_in_1_shape,
     conf_jacrev_against_reference_multi_input_in_1_data}};
static const int64_t conf_jacrev_against_reference_multi_input_out_0_shape[] = {2, 5, 3, 5};
static const double conf_jacrev_against_reference_multi_input_out_0_data[] = {
    0.44044215970305006, 0.0, 0.0, 0.0, 0.0, 0.44349632237448283, 0.0, -0.0, 0.0, 0.0,
    0.0015144479505811808, 0.0, 0.0, 0.0, 0.0, 0.0, 0.17313848129335266, 0.0, 0.0, 0.0, 0.0,
    0.05885866290237234, -0.0, 0.0, 0.0, -0.0, -0.016128671745740474, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.36370017748752254, 0.0, 0.0, 0.0, 0.0, -0.15904882474015658, 0.0, 0.0, -0.0, 0.0,
    -0.014260545689718278, 0.0, 0.0, 0.0, 0.0, 0.0, 0.4844825445246336, 0.0, 0.0, 0.0, -0.0,
    1.0908389402719325, 0.0, -0.0, 0.0, 0.0, -0.00867264460572725, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.31433173230348654, 0.0, 0.0, -0.0, 0.0, 0.813047227712168, -0.0, 0.0, 0.0, 0.0,
    -0.005782202836224407, 0.3024755128371359, 0.0, 0.0, 0.0, 0.0, -0.009756817672375651, 0.0,
    -0.0, 0.0, 0.0, -0.04677815745972572, 0.0, 0.0, 0.0, 0.0, 0.0, 0.11890358306379688, 0.0, 0.0,
    0.0, 0.0, -0.001294877123903991, -0.0, 0.0, 0.0, -0.0, 0.4981812324741459, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.24977263252606355, 0.0, 0.0, 0.0, 0.0, 0.0034990377725951194, 0.0, 0.0, -0.0, 0.0,
    0.4404786915781798, 0.0, 0.0, 0.0, 0.0, 0.0, 0.33272043306328886, 0.0, 0.0, 0.0, -0.0,
    -0.023998207230169096, 0.0, -0.0, 0.0, 0.0, 0.26788001185729987, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.21586864434954314, 0.0, 0.0, -0.0, 0.0, -0.017886853079967124, -0.0, 0.0, 0.0, 0.0,
    0.17860025802351204};
static const conf_array conf_jacrev_against_reference_multi_input_out[] = {
    {4, conf_jacrev_against_reference_multi_input_out_0_shape,
     conf_jacrev_against_reference_multi_input_out_0_data}};
CONF_PROG(conf_jacrev_against_reference_multi_input,
          "test_eager_transforms.py TestJac.test_against_reference_multi_input (jacrev)",
          CONF_STACK,
    "prog conf_jacrev_against_reference_multi_input\n"
    "in 2,3\n"
    "in 3,5\n"
    "tf jacrev 1 0\n"
    "v2 = cos v0\n"
    "v3 = mul v2 v0\n"
    "v4 = sin v1\n"
    "v5 = matmul v3 v4\n"
    "out v5\n"
    "end\n",
          conf_jacrev_against_reference_multi_input_in, 2,
          conf_jacrev_against_reference_multi_input_out, 1, 0)
static const int64_t conf_jacrev_against_reference_multi_output_in_0_shape[] = {5, 3};
static const double conf_jacrev_against_reference_multi_output_in_0_data[] = {
    -0.49426570776255857, 0.6237859196866695, -0.04161331795076438, -1.565621579648389,
    0.9162123790979064, -1.590992468708229, -0.6800612994779146, 2.4320633809788923,
    -0.8436806701885389, -1.4242728493396348, 0.5449273159303496, 0.9411190063671834,
    -1.1774744166172146, 0.5494198434070575, -0.41237821427125204};
static const int64_t conf_jacrev_against_reference_multi_output_in_1_shape[] = {3, 5};
static const double conf_jacrev_against_reference_multi_output_in_1_data[] = {
    0.9908118797153992, 0.33091787866707395, 0.36629474867888157, -1.0288681064260505,
    0.85649704852359, 0.1334299085159791, 1.3634936550293772, 0.21214414023974149,
    0.4930671756625928, 0.005681433406523051, -0.0324623288691613, 0.5873877780649098,
    1.8924719125723173, -1.344651973858807, -1.2273961328588594};
static const conf_array conf_jacrev_against_reference_multi_output_in[] = {
    {2, conf_jacrev_against_reference_multi_output_in_0_shape,
     conf_jacrev_against_reference_multi_output_in_0_data},
    {2, conf_jacrev_against_reference_multi_output_in_1_shape,
     conf_jacrev_against_reference_multi_output_in_1_data}};
static const int64_t conf_jacrev_against_reference_multi_output_out_0_shape[] = {5, 5, 5, 3};
static const double conf_jacrev_against_reference_multi_output_out_0_data[] = {
    -0.3180425767194061, -0.39341236275629243, -0.4079954340791092, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.7413889677532643, -3.054773460751479, -1.3159845584787897,
    0.6625236297097647, 0.6625236297097647, 0.6625236297097647, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.33271336307633675, 0.1926950648642259, 1.7189727584968373, 0.0, 0.0, 0.0,
    -0.12746644099065396, -0.12746644099065396, -0.12746644099065396, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, -0.0635567561495535, 0.03045847184222039, -0.08306382234495138, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.8720580145763038, 0.8720580145763038, 0.8720580145763038, 0.0, 0.0, 0.0,
    -0.8911276116649985, -0.005911149596038777, 1.277023179854245, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, -0.36871709619423376, -0.36871709619423376, -0.36871709619423376,
    -1.3773390055826062, -1.3773390055826062, -1.3773390055826062, 0.08709919485767381,
    0.011729408820787508, -0.0028536625020292696, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, -0.9447609052390691, -3.258145398237284, -1.5193564959645944, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.33271336307633675, 0.1926950648642259,
    1.7189727584968373, -3.390018435747222, -3.390018435747222, -3.390018435747222, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.0635567561495535, 0.03045847184222039, -0.08306382234495138,
    0.0, 0.0, 0.0, 4.201903523544526, 4.201903523544526, 4.201903523544526, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, -0.8911276116649985, -0.005911149596038777, 1.277023179854245, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.6170331410444412, 0.6170331410444412, 0.6170331410444412, -0.3219149806521184,
    -0.3219149806521184, -0.3219149806521184, 0.0, 0.0, 0.0, 0.08709919485767381,
    0.011729408820787508, -0.0028536625020292696, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    2.5954908317488496, 2.5954908317488496, 2.5954908317488496, -0.7413889677532643,
    -3.054773460751479, -1.3159845584787897, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, -0.9970834962478323, -1.1371017944599433, 0.38917589917266815, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.0635567561495535, 0.03045847184222039,
    -0.08306382234495138, 3.0333208822147, 3.0333208822147, 3.0333208822147, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, -0.8911276116649985, -0.005911149596038777, 1.277023179854245, 0.0,
    0.0, 0.0, 0.4668775022787073, 0.4668775022787073, 0.4668775022787073, -1.3690277718590762,
    -1.3690277718590762, -1.3690277718590762, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.08709919485767381,
    0.011729408820787508, -0.0028536625020292696, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.824489389821315,
    0.824489389821315, 0.824489389821315, 0.0, 0.0, 0.0, -0.7413889677532643, -3.054773460751479,
    -1.3159845584787897, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.3749407574700403,
    1.3749407574700403, 1.3749407574700403, 0.33271336307633675, 0.1926950648642259,
    1.7189727584968373, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.40504039644405465, 0.4990556244358285, 0.38553333024865677, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.8911276116649985, -0.005911149596038777, 1.277023179854245,
    -2.3719153524698804, -2.3719153524698804, -2.3719153524698804, -1.0799598433924773,
    -1.0799598433924773, -1.0799598433924773, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.08709919485767381, 0.011729408820787508, -0.0028536625020292696, 0.0, 0.0, 0.0,
    0.11725721129787181, 0.11725721129787181, 0.11725721129787181, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    -0.7413889677532643, -3.054773460751479, -1.3159845584787897, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    -1.095160683065445, -1.095160683065445, -1.095160683065445, 0.0, 0.0, 0.0,
    0.33271336307633675, 0.1926950648642259, 1.7189727584968373, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 2.036871943627983, 2.036871943627983, 2.036871943627983, -0.0635567561495535,
    0.03045847184222039, -0.08306382234495138, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, -1.3903580564853624, -0.5051415944164026, 0.7777927350338812};
static const conf_array conf_jacrev_against_reference_multi_output_out[] = {
    {4, conf_jacrev_against_reference_multi_output_out_0_shape,
     conf_jacrev_against_reference_multi_output_out_0_data}};
CONF_PROG(conf_jacrev_against_reference_multi_output,
          "test_eager_transforms.py TestJac.test_against_reference_multi_input_multi_output"
          " (jacrev)",
          CONF_STACK,
    "prog conf_jacrev_against_reference_multi_output\n"
    "in 5,3\n"
    "in 3,5\n"
    "tf jacrev 0 0\n"
    "v2 = mul v0 v0\n"
    "v3 = matmul v2 v1\n"
    "v4 = sum v0 [1] 0\n"
    "v5 = mul v4 v1\n"
    "v6 = matmul v0 v5\n"
    "v7 = sum v1 [] 0\n"
    "v8 = add v6 v7\n"
    "out v8\n"
    "end\n",
          conf_jacrev_against_reference_multi_output_in, 2,
          conf_jacrev_against_reference_multi_output_out, 1, 0)
static const int64_t conf_jacrev_against_reference_zero_dim_in_0_shape[] = {0};
static const double conf_jacrev_against_reference_zero_dim_in_0_data[] = {
    -0.4389915177609995};
static const conf_array conf_jacrev_against_reference_zero_dim_in[] = {
    {0, conf_jacrev_against_reference_zero_dim_in_0_shape,
     conf_jacrev_against_reference_zero_dim_in_0_data}};
static const int64_t conf_jacrev_against_reference_zero_dim_out_0_shape[] = {3};
static const double conf_jacrev_against_reference_zero_dim_out_0_data[] = {
    1.0, 1.0, 1.0};
static const conf_array conf_jacrev_against_reference_zero_dim_out[] = {
    {1, conf_jacrev_against_reference_zero_dim_out_0_shape,
     conf_jacrev_against_reference_zero_dim_out_0_data}};
CONF_PROG(conf_jacrev_against_reference_zero_dim,
          "test_eager_transforms.py TestJac.test_against_reference_zero_dim (jacrev)",
          CONF_STACK,
    "prog conf_jacrev_against_reference_zero_dim\n"
    "in -\n"
    "tf jacrev 0 0\n"
    "v1 = stack 0 v0 v0 v0\n"
    "out v1\n"
    "end\n",
          conf_jacrev_against_reference_zero_dim_in, 1,
          conf_jacrev_against_reference_zero_dim_out, 1, 0)
static const int64_t conf_jacrev_against_reference_zero_dim_out_in_0_shape[] = {3};
static const double conf_jacrev_against_reference_zero_dim_out_in_0_data[] = {
    -1.6059840528408789, 1.6205805162931197, 0.8668304055925191};
static const int64_t conf_jacrev_against_reference_zero_dim_out_in_1_shape[] = {3};
static const double conf_jacrev_against_reference_zero_dim_out_in_1_data[] = {
    -0.13148290241451482, -0.7119994581355147, 0.242148079941145};
static const conf_array conf_jacrev_against_reference_zero_dim_out_in[] = {
    {1, conf_jacrev_against_reference_zero_dim_out_in_0_shape,
     conf_jacrev_against_reference_zero_dim_out_in_0_data},
    {1, conf_jacrev_against_reference_zero_dim_out_in_1_shape,
     conf_jacrev_against_reference_zero_dim_out_in_1_data}};
static const int64_t conf_jacrev_against_reference_zero_dim_out_out_0_shape[] = {3, 3};
static const double conf_jacrev_against_reference_zero_dim_out_out_0_data[] = {
    -1.6059840528408789, 0.0, 0.0, -0.0, 1.6205805162931197, 0.0, -0.0, 0.0, 0.8668304055925191};
static const conf_array conf_jacrev_against_reference_zero_dim_out_out[] = {
    {2, conf_jacrev_against_reference_zero_dim_out_out_0_shape,
     conf_jacrev_against_reference_zero_dim_out_out_0_data}};
CONF_PROG(conf_jacrev_against_reference_zero_dim_out,
          "test_eager_transforms.py TestJac.test_against_reference_zero_dim (jacrev, 0-dim"
          " output)",
          CONF_STACK,
    "prog conf_jacrev_against_reference_zero_dim_out\n"
    "in 3\n"
    "in 3\n"
    "tf jacrev 1 0\n"
    "v2 = sum v0 [] 0\n"
    "v3 = mul v0 v1\n"
    "v4 = add v3 v2\n"
    "out v4\n"
    "end\n",
          conf_jacrev_against_reference_zero_dim_out_in, 2,
          conf_jacrev_against_reference_zero_dim_out_out, 1, 0)
static const int64_t conf_jacrev_inplace_in_0_shape[] = {2};
static const double conf_jacrev_inplace_in_0_data[] = {
    0.30558407232943796, 1.9063926635843198};
static const int64_t conf_jacrev_inplace_in_1_shape[] = {2};
static const double conf_jacrev_inplace_in_1_data[] = {
    -0.1296632807942417, 1.1655947139842069};
static const conf_array conf_jacrev_inplace_in[] = {
    {1, conf_jacrev_inplace_in_0_shape,
     conf_jacrev_inplace_in_0_data},
    {1, conf_jacrev_inplace_in_1_shape,
     conf_jacrev_inplace_in_1_data}};
static const int64_t conf_jacrev_inplace_out_0_shape[] = {2, 2};
static const double conf_jacrev_inplace_out_0_data[] = {
    1.0, 0.0, 0.0, 1.0};
static const conf_array conf_jacrev_inplace_out[] = {
    {2, conf_jacrev_inplace_out_0_shape,
     conf_jacrev_inplace_out_0_data}};
CONF_PROG(conf_jacrev_inplace,
          "test_eager_transforms.py TestJac.test_inplace (jacrev)",
          CONF_STACK,
    "prog conf_jacrev_inplace\n"
    "in 2\n"
    "in 2\n"
    "tf jacrev 0 0\n"
    "v2 = clone v1\n"
    "copy_ v2 v0\n"
    "out v2\n"
    "end\n",
          conf_jacrev_inplace_in, 2,
          conf_jacrev_inplace_out, 1, 0)
static const int64_t conf_jacrev_chunk_in_0_shape[] = {10, 2};
static const double conf_jacrev_chunk_in_0_data[] = {
    0.9441919852615921, -1.777875479610417, 1.5406354202391888, 1.2013393845088451,
    1.1586509061960195, 0.1777236520717158, -0.33652327522837017, 0.6001856214811963,
    -1.2784197172105127, -1.479049566268584, 0.7479669740172824, 0.8300629203228601,
    -0.16684921790944068, -1.0141725627161309, 1.039841492007533, 0.8929996290228851,
    1.5925118787740946, 0.04345620137839824, -0.3159368122725427, 0.07938724229734363};
static const int64_t conf_jacrev_chunk_in_1_shape[] = {1, 2};
static const double conf_jacrev_chunk_in_1_data[] = {
    1.2653363988945363, -0.03929879696910319};
static const conf_array conf_jacrev_chunk_in[] = {
    {2, conf_jacrev_chunk_in_0_shape,
     conf_jacrev_chunk_in_0_data},
    {2, conf_jacrev_chunk_in_1_shape,
     conf_jacrev_chunk_in_1_data}};
static const int64_t conf_jacrev_chunk_out_0_shape[] = {10, 2, 10, 2};
static const double conf_jacrev_chunk_out_0_data[] = {
    1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    1.0};
static const conf_array conf_jacrev_chunk_out[] = {
    {4, conf_jacrev_chunk_out_0_shape,
     conf_jacrev_chunk_out_0_data}};
CONF_PROG(conf_jacrev_chunk,
          "test_eager_transforms.py TestJac.test_chunk_jacrev (jacrev, chunk_size 3)",
          CONF_STACK,
    "prog conf_jacrev_chunk\n"
    "in 10,2\n"
    "in 1,2\n"
    "tf jacrev 0 3\n"
    "v2 = sin v0\n"
    "v3 = add v0 v1\n"
    "out v3\n"
    "end\n",
          conf_jacrev_chunk_in, 2,
          conf_jacrev_chunk_out, 1, 0)
static const int64_t conf_jacrev_chunk_composition_in_0_shape[] = {4, 2};
static const double conf_jacrev_chunk_composition_in_0_data[] = {
    2.0266448133083923, -0.9625793280945335, 0.5533033200068138, 2.4244782093994353,
    2.159246669036247, 0.41454635172638943, 2.361298124039104, 0.2959355353605268};
static const conf_array conf_jacrev_chunk_composition_in[] = {
    {2, conf_jacrev_chunk_composition_in_0_shape,
     conf_jacrev_chunk_composition_in_0_data}};
static const int64_t conf_jacrev_chunk_composition_out_0_shape[] = {4, 2, 2};
static const double conf_jacrev_chunk_composition_out_0_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_jacrev_chunk_composition_out[] = {
    {3, conf_jacrev_chunk_composition_out_0_shape,
     conf_jacrev_chunk_composition_out_0_data}};
CONF_PROG(conf_jacrev_chunk_composition,
          "test_eager_transforms.py TestJac.test_chunk_jacrev_composition (jacrev)",
          CONF_STACK,
    "prog conf_jacrev_chunk_composition\n"
    "in 4,2\n"
    "tf vmap 0 0 0\n"
    "tf jacrev 0 3\n"
    "tf jacrev 0 3\n"
    "v1 = sin v0\n"
    "v2 = sum v0 [] 0\n"
    "out v2\n"
    "end\n",
          conf_jacrev_chunk_composition_in, 1,
          conf_jacrev_chunk_composition_out, 1, 0)
static const int64_t conf_jacfwd_simple_in_0_shape[] = {3};
static const double conf_jacfwd_simple_in_0_data[] = {
    -1.673184371082233, -0.15438042942887167, 0.5032817566642354};
static const conf_array conf_jacfwd_simple_in[] = {
    {1, conf_jacfwd_simple_in_0_shape,
     conf_jacfwd_simple_in_0_data}};
static const int64_t conf_jacfwd_simple_out_0_shape[] = {3, 3};
static const double conf_jacfwd_simple_out_0_data[] = {
    -0.10220924373854873, -0.0, -0.0, 0.0, 0.9881069905015618, 0.0, 0.0, 0.0, 0.8760044810124742};
static const conf_array conf_jacfwd_simple_out[] = {
    {2, conf_jacfwd_simple_out_0_shape,
     conf_jacfwd_simple_out_0_data}};
CONF_PROG(conf_jacfwd_simple,
          "test_eager_transforms.py TestJac.test_simple (jacfwd)",
          CONF_STACK,
    "prog conf_jacfwd_simple\n"
    "in 3\n"
    "tf jacfwd 0 0\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_jacfwd_simple_in, 1,
          conf_jacfwd_simple_out, 1, 0)
static const int64_t conf_jacfwd_simple_not_flat_in_0_shape[] = {2, 3};
static const double conf_jacfwd_simple_not_flat_in_0_data[] = {
    1.1359111838869997, 1.7741760484255023, -1.8844271595889797, 0.6332422309223474,
    -0.25052019275554166, -0.30658911615422846};
static const conf_array conf_jacfwd_simple_not_flat_in[] = {
    {2, conf_jacfwd_simple_not_flat_in_0_shape,
     conf_jacfwd_simple_not_flat_in_0_data}};
static const int64_t conf_jacfwd_simple_not_flat_out_0_shape[] = {2, 3, 2, 3};
static const double conf_jacfwd_simple_not_flat_out_0_data[] = {
    0.4213062381312482, 0.0, 0.0, 0.0, 0.0, 0.0, -0.0, -0.20198054205077456, -0.0, -0.0, -0.0,
    -0.0, -0.0, -0.0, -0.3085143820189674, -0.0, -0.0, -0.0, 0.0, 0.0, 0.0, 0.8061131212931504,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.9687835928750612, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.9533685476629382};
static const conf_array conf_jacfwd_simple_not_flat_out[] = {
    {4, conf_jacfwd_simple_not_flat_out_0_shape,
     conf_jacfwd_simple_not_flat_out_0_data}};
CONF_PROG(conf_jacfwd_simple_not_flat,
          "test_eager_transforms.py TestJac.test_simple_not_flat (jacfwd)",
          CONF_STACK,
    "prog conf_jacfwd_simple_not_flat\n"
    "in 2,3\n"
    "tf jacfwd 0 0\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_jacfwd_simple_not_flat_in, 1,
          conf_jacfwd_simple_not_flat_out, 1, 0)
static const int64_t conf_jacfwd_diff_numel_in_0_shape[] = {2, 4};
static const double conf_jacfwd_diff_numel_in_0_data[] = {
    0.4113051000007935, 1.2076999923702, 0.15032826181902006, -1.3611662813259036,
    2.5040450890954467, -2.5872990552332213, 0.1489978867679727, -0.10269006165759803};
static const conf_array conf_jacfwd_diff_numel_in[] = {
    {2, conf_jacfwd_diff_numel_in_0_shape,
     conf_jacfwd_diff_numel_in_0_data}};
static const int64_t conf_jacfwd_diff_numel_out_0_shape[] = {3, 1, 2, 4};
static const double conf_jacfwd_diff_numel_out_0_data[] = {
    0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    1.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_jacfwd_diff_numel_out[] = {
    {4, conf_jacfwd_diff_numel_out_0_shape,
     conf_jacfwd_diff_numel_out_0_data}};
CONF_PROG(conf_jacfwd_diff_numel,
          "test_eager_transforms.py TestJac.test_diff_numel (jacfwd)",
          CONF_STACK,
    "prog conf_jacfwd_diff_numel\n"
    "in 2,4\n"
    "tf jacfwd 0 0\n"
    "v1 = select v0 0 0\n"
    "v2 = slice v1 0 1 4 1\n"
    "v3 = unsqueeze v2 -1\n"
    "out v3\n"
    "end\n",
          conf_jacfwd_diff_numel_in, 1,
          conf_jacfwd_diff_numel_out, 1, 0)
static const int64_t conf_jacfwd_vmap_on_jac_simple_in_0_shape[] = {2, 3};
static const double conf_jacfwd_vmap_on_jac_simple_in_0_data[] = {
    0.4613615070998302, 0.31534754172704876, -1.8080863800329172, -0.9102664411817374,
    0.5399894572420143, -0.10377191523640193};
static const conf_array conf_jacfwd_vmap_on_jac_simple_in[] = {
    {2, conf_jacfwd_vmap_on_jac_simple_in_0_shape,
     conf_jacfwd_vmap_on_jac_simple_in_0_data}};
static const int64_t conf_jacfwd_vmap_on_jac_simple_out_0_shape[] = {2, 3, 3};
static const double conf_jacfwd_vmap_on_jac_simple_out_0_data[] = {
    0.8954472287058387, 0.0, 0.0, 0.0, 0.9506886473436527, 0.0, -0.0, -0.0, -0.23506948262811542,
    0.6135353713967289, 0.0, 0.0, 0.0, 0.8577141017274887, 0.0, 0.0, 0.0, 0.9946205248604362};
static const conf_array conf_jacfwd_vmap_on_jac_simple_out[] = {
    {3, conf_jacfwd_vmap_on_jac_simple_out_0_shape,
     conf_jacfwd_vmap_on_jac_simple_out_0_data}};
CONF_PROG(conf_jacfwd_vmap_on_jac_simple,
          "test_eager_transforms.py TestJac.test_vmap_on_jac_simple (jacfwd)",
          CONF_STACK,
    "prog conf_jacfwd_vmap_on_jac_simple\n"
    "in 2,3\n"
    "tf vmap 0 0 0\n"
    "tf jacfwd 0 0\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_jacfwd_vmap_on_jac_simple_in, 1,
          conf_jacfwd_vmap_on_jac_simple_out, 1, 0)
static const int64_t conf_jacfwd_nested_jac_simple_in_0_shape[] = {3};
static const double conf_jacfwd_nested_jac_simple_in_0_data[] = {
    -0.7744671652785482, -1.2213467383384757, 1.1246279542138986};
static const conf_array conf_jacfwd_nested_jac_simple_in[] = {
    {1, conf_jacfwd_nested_jac_simple_in_0_shape,
     conf_jacfwd_nested_jac_simple_in_0_data}};
static const int64_t conf_jacfwd_nested_jac_simple_out_0_shape[] = {3, 3};
static const double conf_jacfwd_nested_jac_simple_out_0_data[] = {
    0.699335307702749, 0.0, 0.0, 0.0, 0.939561305456516, 0.0, 0.0, 0.0, -0.9021071142515877};
static const conf_array conf_jacfwd_nested_jac_simple_out[] = {
    {2, conf_jacfwd_nested_jac_simple_out_0_shape,
     conf_jacfwd_nested_jac_simple_out_0_data}};
CONF_PROG(conf_jacfwd_nested_jac_simple,
          "test_eager_transforms.py TestJac.test_nested_jac_simple (jacfwd)",
          CONF_STACK,
    "prog conf_jacfwd_nested_jac_simple\n"
    "in 3\n"
    "tf jacfwd 0 0\n"
    "tf jacfwd 0 0\n"
    "v1 = sin v0\n"
    "v2 = sum v1 [] 0\n"
    "out v2\n"
    "end\n",
          conf_jacfwd_nested_jac_simple_in, 1,
          conf_jacfwd_nested_jac_simple_out, 1, 0)
static const int64_t conf_jacfwd_multiple_args_in_0_shape[] = {3};
static const double conf_jacfwd_multiple_args_in_0_data[] = {
    1.4277648657640547, 0.16441915503716018, -0.3487282508980245};
static const int64_t conf_jacfwd_multiple_args_in_1_shape[] = {3};
static const double conf_jacfwd_multiple_args_in_1_data[] = {
    0.45187288742910325, -0.37477318501295853, 2.478877202244485};
static const conf_array conf_jacfwd_multiple_args_in[] = {
    {1, conf_jacfwd_multiple_args_in_0_shape,
     conf_jacfwd_multiple_args_in_0_data},
    {1, conf_jacfwd_multiple_args_in_1_shape,
     conf_jacfwd_multiple_args_in_1_data}};
static const int64_t conf_jacfwd_multiple_args_out_0_shape[] = {3, 3};
static const double conf_jacfwd_multiple_args_out_0_data[] = {
    1.4277648657640547, 0.0, 0.0, 0.0, 0.16441915503716018, 0.0, -0.0, -0.0, -0.3487282508980245};
static const conf_array conf_jacfwd_multiple_args_out[] = {
    {2, conf_jacfwd_multiple_args_out_0_shape,
     conf_jacfwd_multiple_args_out_0_data}};
CONF_PROG(conf_jacfwd_multiple_args,
          "test_eager_transforms.py TestJac.test_multiple_args (jacfwd)",
          CONF_STACK,
    "prog conf_jacfwd_multiple_args\n"
    "in 3\n"
    "in 3\n"
    "tf jacfwd 1 0\n"
    "v2 = mul v0 v1\n"
    "out v2\n"
    "end\n",
          conf_jacfwd_multiple_args_in, 2,
          conf_jacfwd_multiple_args_out, 1, 0)
static const int64_t conf_jacfwd_multiple_outputs_single_argnums_in_0_shape[] = {3};
static const double conf_jacfwd_multiple_outputs_single_argnums_in_0_data[] = {
    0.25946022188403595, 0.8548221123133323, 0.29681892353857714};
static const int64_t conf_jacfwd_multiple_outputs_single_argnums_in_1_shape[] = {3};
static const double conf_jacfwd_multiple_outputs_single_argnums_in_1_data[] = {
    0.10355246581756648, -0.4862318083560303, 0.503803114075236};
static const conf_array conf_jacfwd_multiple_outputs_single_argnums_in[] = {
    {1, conf_jacfwd_multiple_outputs_single_argnums_in_0_shape,
     conf_jacfwd_multiple_outputs_single_argnums_in_0_data},
    {1, conf_jacfwd_multiple_outputs_single_argnums_in_1_shape,
     conf_jacfwd_multiple_outputs_single_argnums_in_1_data}};
static const int64_t conf_jacfwd_multiple_outputs_single_argnums_out_0_shape[] = {3, 3};
static const double conf_jacfwd_multiple_outputs_single_argnums_out_0_data[] = {
    4.0, 0.0, 0.0, 0.0, 4.0, 0.0, 0.0, 0.0, 4.0};
static const conf_array conf_jacfwd_multiple_outputs_single_argnums_out[] = {
    {2, conf_jacfwd_multiple_outputs_single_argnums_out_0_shape,
     conf_jacfwd_multiple_outputs_single_argnums_out_0_data}};
CONF_PROG(conf_jacfwd_multiple_outputs_single_argnums,
          "test_eager_transforms.py TestJac.test_multiple_outputs_single_argnums (jacfwd)",
          CONF_STACK,
    "prog conf_jacfwd_multiple_outputs_single_argnums\n"
    "in 3\n"
    "in 3\n"
    "tf jacfwd 0 0\n"
    "v2 = mul_scalar v0 2.0\n"
    "v3 = mul_scalar v1 3.0\n"
    "v4 = add v2 v3\n"
    "v5 = mul_scalar v0 4.0\n"
    "v6 = mul_scalar v1 5.0\n"
    "v7 = add v5 v6\n"
    "out v7\n"
    "end\n",
          conf_jacfwd_multiple_outputs_single_argnums_in, 2,
          conf_jacfwd_multiple_outputs_single_argnums_out, 1, 0)
static const int64_t conf_jacfwd_dimensionality_0d_in_0_shape[] = {0};
static const double conf_jacfwd_dimensionality_0d_in_0_data[] = {
    -0.24159650216335052};
static const conf_array conf_jacfwd_dimensionality_0d_in[] = {
    {0, conf_jacfwd_dimensionality_0d_in_0_shape,
     conf_jacfwd_dimensionality_0d_in_0_data}};
static const int64_t conf_jacfwd_dimensionality_0d_out_0_shape[] = {0};
static const double conf_jacfwd_dimensionality_0d_out_0_data[] = {
    1.0};
static const conf_array conf_jacfwd_dimensionality_0d_out[] = {
    {0, conf_jacfwd_dimensionality_0d_out_0_shape,
     conf_jacfwd_dimensionality_0d_out_0_data}};
CONF_PROG(conf_jacfwd_dimensionality_0d,
          "test_eager_transforms.py TestJac.test_dimensionality (jacfwd, 0-dim)",
          CONF_STACK,
    "prog conf_jacfwd_dimensionality_0d\n"
    "in -\n"
    "tf jacfwd 0 0\n"
    "v1 = clone v0\n"
    "out v1\n"
    "end\n",
          conf_jacfwd_dimensionality_0d_in, 1,
          conf_jacfwd_dimensionality_0d_out, 1, 0)
static const int64_t conf_jacfwd_dimensionality_1_in_0_shape[] = {1};
static const double conf_jacfwd_dimensionality_1_in_0_data[] = {
    1.230395544394149};
static const conf_array conf_jacfwd_dimensionality_1_in[] = {
    {1, conf_jacfwd_dimensionality_1_in_0_shape,
     conf_jacfwd_dimensionality_1_in_0_data}};
static const int64_t conf_jacfwd_dimensionality_1_out_0_shape[] = {1, 1};
static const double conf_jacfwd_dimensionality_1_out_0_data[] = {
    1.0};
static const conf_array conf_jacfwd_dimensionality_1_out[] = {
    {2, conf_jacfwd_dimensionality_1_out_0_shape,
     conf_jacfwd_dimensionality_1_out_0_data}};
CONF_PROG(conf_jacfwd_dimensionality_1,
          "test_eager_transforms.py TestJac.test_dimensionality (jacfwd, [1])",
          CONF_STACK,
    "prog conf_jacfwd_dimensionality_1\n"
    "in 1\n"
    "tf jacfwd 0 0\n"
    "v1 = clone v0\n"
    "out v1\n"
    "end\n",
          conf_jacfwd_dimensionality_1_in, 1,
          conf_jacfwd_dimensionality_1_out, 1, 0)
static const int64_t conf_jacfwd_unrelated_input_in_0_shape[] = {2, 3};
static const double conf_jacfwd_unrelated_input_in_0_data[] = {
    -0.8339700135260918, 0.03944720972803855, -0.39433201168058923, 0.7465037038896201,
    -0.1529557032254231, 0.05494965544462496};
static const int64_t conf_jacfwd_unrelated_input_in_1_shape[] = {2, 3};
static const double conf_jacfwd_unrelated_input_in_1_data[] = {
    -0.40764723417228266, -0.062156982256533044, 1.4719299757495234, -2.5111422193611346,
    0.4036996885519647, 0.49628738530126065};
static const conf_array conf_jacfwd_unrelated_input_in[] = {
    {2, conf_jacfwd_unrelated_input_in_0_shape,
     conf_jacfwd_unrelated_input_in_0_data},
    {2, conf_jacfwd_unrelated_input_in_1_shape,
     conf_jacfwd_unrelated_input_in_1_data}};
static const int64_t conf_jacfwd_unrelated_input_out_0_shape[] = {2, 3, 2, 3};
static const double conf_jacfwd_unrelated_input_out_0_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_jacfwd_unrelated_input_out[] = {
    {4, conf_jacfwd_unrelated_input_out_0_shape,
     conf_jacfwd_unrelated_input_out_0_data}};
CONF_PROG(conf_jacfwd_unrelated_input,
          "test_eager_transforms.py TestJac.test_unrelated_input (jacfwd)",
          CONF_STACK,
    "prog conf_jacfwd_unrelated_input\n"
    "in 2,3\n"
    "in 2,3\n"
    "tf jacfwd 1 0\n"
    "v2 = clone v0\n"
    "out v2\n"
    "end\n",
          conf_jacfwd_unrelated_input_in, 2,
          conf_jacfwd_unrelated_input_out, 1, 0)
static const int64_t conf_jacfwd_unrelated_output_in_0_shape[] = {2, 3};
static const double conf_jacfwd_unrelated_output_in_0_data[] = {
    -1.520414630778249, -1.8199897229675377, -1.0174371738675114, 0.7068024134369544,
    -0.4436614639147959, -0.9740550676267782};
static const int64_t conf_jacfwd_unrelated_output_in_1_shape[] = {2, 3};
static const double conf_jacfwd_unrelated_output_in_1_data[] = {
    -2.231870135601134, -0.8816327662095095, 0.6992910521103831, 0.4746858070448797,
    -0.6432419666914188, 0.24010819765374794};
static const conf_array conf_jacfwd_unrelated_output_in[] = {
    {2, conf_jacfwd_unrelated_output_in_0_shape,
     conf_jacfwd_unrelated_output_in_0_data},
    {2, conf_jacfwd_unrelated_output_in_1_shape,
     conf_jacfwd_unrelated_output_in_1_data}};
static const int64_t conf_jacfwd_unrelated_output_out_0_shape[] = {2, 3, 2, 3};
static const double conf_jacfwd_unrelated_output_out_0_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_jacfwd_unrelated_output_out[] = {
    {4, conf_jacfwd_unrelated_output_out_0_shape,
     conf_jacfwd_unrelated_output_out_0_data}};
CONF_PROG(conf_jacfwd_unrelated_output,
          "test_eager_transforms.py TestJac.test_unrelated_output (jacfwd)",
          CONF_STACK,
    "prog conf_jacfwd_unrelated_output\n"
    "in 2,3\n"
    "in 2,3\n"
    "tf jacfwd 0 0\n"
    "v2 = clone v1\n"
    "out v2\n"
    "end\n",
          conf_jacfwd_unrelated_output_in, 2,
          conf_jacfwd_unrelated_output_out, 1, 0)
static const int64_t conf_jacfwd_argnums_defaults_to_zero_in_0_shape[] = {3};
static const double conf_jacfwd_argnums_defaults_to_zero_in_0_data[] = {
    0.6309338983850211, 0.06429421140042385, 1.3602105952912111};
static const int64_t conf_jacfwd_argnums_defaults_to_zero_in_1_shape[] = {3};
static const double conf_jacfwd_argnums_defaults_to_zero_in_1_data[] = {
    1.6067809602288863, 0.7859022165411859, -0.7004110192781491};
static const conf_array conf_jacfwd_argnums_defaults_to_zero_in[] = {
    {1, conf_jacfwd_argnums_defaults_to_zero_in_0_shape,
     conf_jacfwd_argnums_defaults_to_zero_in_0_data},
    {1, conf_jacfwd_argnums_defaults_to_zero_in_1_shape,
     conf_jacfwd_argnums_defaults_to_zero_in_1_data}};
static const int64_t conf_jacfwd_argnums_defaults_to_zero_out_0_shape[] = {3, 3};
static const double conf_jacfwd_argnums_defaults_to_zero_out_0_data[] = {
    2.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 2.0};
static const conf_array conf_jacfwd_argnums_defaults_to_zero_out[] = {
    {2, conf_jacfwd_argnums_defaults_to_zero_out_0_shape,
     conf_jacfwd_argnums_defaults_to_zero_out_0_data}};
CONF_PROG(conf_jacfwd_argnums_defaults_to_zero,
          "test_eager_transforms.py TestJac.test_argnums_defaults_to_zero (jacfwd)",
          CONF_STACK,
    "prog conf_jacfwd_argnums_defaults_to_zero\n"
    "in 3\n"
    "in 3\n"
    "tf jacfwd 0 0\n"
    "v2 = mul_scalar v0 2.0\n"
    "v3 = mul_scalar v1 3.0\n"
    "v4 = add v2 v3\n"
    "out v4\n"
    "end\n",
          conf_jacfwd_argnums_defaults_to_zero_in, 2,
          conf_jacfwd_argnums_defaults_to_zero_out, 1, 0)
static const int64_t conf_jacfwd_out_of_bounds_argnums_in_0_shape[] = {3};
static const double conf_jacfwd_out_of_bounds_argnums_in_0_data[] = {
    1.3189571526810402, -0.19347978973624608, 0.15424731601766953};
static const conf_array conf_jacfwd_out_of_bounds_argnums_in[] = {
    {1, conf_jacfwd_out_of_bounds_argnums_in_0_shape,
     conf_jacfwd_out_of_bounds_argnums_in_0_data}};
static const conf_array conf_jacfwd_out_of_bounds_argnums_out[] = {
    {0, NULL, NULL}};
CONF_PROG(conf_jacfwd_out_of_bounds_argnums,
          "test_eager_transforms.py TestJac.test_out_of_bounds_argnums (jacfwd)",
          CONF_STACK,
    "prog conf_jacfwd_out_of_bounds_argnums\n"
    "in 3\n"
    "tf jacfwd 2 0\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_jacfwd_out_of_bounds_argnums_in, 1,
          conf_jacfwd_out_of_bounds_argnums_out, 0, 1)
static const int64_t conf_jacfwd_negative_argnums_out_of_range_in_0_shape[] = {3};
static const double conf_jacfwd_negative_argnums_out_of_range_in_0_data[] = {
    0.6840999478181654, 0.3433347785360251, -0.3160270360948607};
static const conf_array conf_jacfwd_negative_argnums_out_of_range_in[] = {
    {1, conf_jacfwd_negative_argnums_out_of_range_in_0_shape,
     conf_jacfwd_negative_argnums_out_of_range_in_0_data}};
static const conf_array conf_jacfwd_negative_argnums_out_of_range_out[] = {
    {0, NULL, NULL}};
CONF_PROG(conf_jacfwd_negative_argnums_out_of_range,
          "test_eager_transforms.py TestJac.test_negative_argnums (jacfwd)",
          CONF_STACK,
    "prog conf_jacfwd_negative_argnums_out_of_range\n"
    "in 3\n"
    "tf jacfwd -2 0\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_jacfwd_negative_argnums_out_of_range_in, 1,
          conf_jacfwd_negative_argnums_out_of_range_out, 0, 1)
static const int64_t conf_jacfwd_against_reference_simple_in_0_shape[] = {2, 3, 2};
static const double conf_jacfwd_against_reference_simple_in_0_data[] = {
    0.4270638010227474, -1.0960444322079992, 0.20398049563608237, -0.5853822239702163,
    -2.422940662945016, -1.8842508676115928, -1.228301945891386, -0.05003006966992143,
    -0.3589733953744771, -1.0973325859701086, -1.893531304577469, 0.5816880126368212};
static const conf_array conf_jacfwd_against_reference_simple_in[] = {
    {3, conf_jacfwd_against_reference_simple_in_0_shape,
     conf_jacfwd_against_reference_simple_in_0_data}};
static const int64_t conf_jacfwd_against_reference_simple_out_0_shape[] = {2, 3, 2, 2, 3, 2};
static const double conf_jacfwd_against_reference_simple_out_0_data[] = {
    2.562382806136484, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.0,
    -6.576266593247995, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, 0.0, 0.0,
    1.2238829738164942, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.0, -0.0, -0.0,
    -3.512293343821298, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0,
    -14.537643977670095, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0,
    -11.305505205669556, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0,
    -7.369811675348316, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0,
    -0.30018041801952855, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0,
    -2.1538403722468624, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0,
    -6.583995515820652, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0,
    -11.361187827464814, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    3.4901280758209277};
static const conf_array conf_jacfwd_against_reference_simple_out[] = {
    {6, conf_jacfwd_against_reference_simple_out_0_shape,
     conf_jacfwd_against_reference_simple_out_0_data}};
CONF_PROG(conf_jacfwd_against_reference_simple,
          "test_eager_transforms.py TestJac.test_against_reference_simple (jacfwd)",
          CONF_STACK,
    "prog conf_jacfwd_against_reference_simple\n"
    "in 2,3,2\n"
    "tf jacfwd 0 0\n"
    "v1 = pow_scalar v0 2.0\n"
    "v2 = mul_scalar v1 3.0\n"
    "out v2\n"
    "end\n",
          conf_jacfwd_against_reference_simple_in, 1,
          conf_jacfwd_against_reference_simple_out, 1, 0)
static const int64_t conf_jacfwd_against_reference_multi_input_in_0_shape[] = {2, 3};
static const double conf_jacfwd_against_reference_multi_input_in_0_data[] = {
    0.9425345718262538, 0.614259614879889, -0.44677680065431186, 1.4735766284976484,
    -0.8499749785830257, 1.0459057393300786};
static const int64_t conf_jacfwd_against_reference_multi_input_in_1_shape[] = {3, 5};
static const double conf_jacfwd_against_reference_multi_input_in_1_data[] = {
    2.0585663357880497, -1.8823301658259217, 0.10036548758101502, 0.35526369742965463,
    0.973471570555072, -0.6459291576818174, 0.45878625856391114, -0.10793958302398605,
    0.30233597458932915, 0.5160167782900974, 1.26889199301952, -0.9658681595177623,
    -0.044599095873975, -0.028118532680766948, -0.517294516676934};
static const conf_array conf_jacfwd_against_reference_multi_input_in[] = {
    {2, conf_jacfwd_against_reference_multi_input_in_0_shape,
     conf_jacfwd_against_reference_multi_input_in_0_data},
    {2, conf_jacfwd_against_reference_multi_input_in_1_shape,
     conf_jacfwd_against_reference_multi_input_in_1_data}};
static const int64_t conf_jacfwd_against_reference_multi_input_out_0_shape[] = {2, 5, 3, 5};
static const double conf_jacfwd_against_reference_multi_input_out_0_data[] = {
    -0.2596194696879638, 0.0, 0.0, 0.0, 0.0, 0.400846087384893, 0.0, 0.0, 0.0, 0.0,
    -0.11980474817407512, 0.0, 0.0, 0.0, 0.0, 0.0, -0.16980068545659438, 0.0, 0.0, 0.0, 0.0,
    0.4500644901619024, 0.0, 0.0, 0.0, 0.0, -0.22914360510204637, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.5511768616646596, 0.0, 0.0, 0.0, 0.0, 0.4990518044547143, 0.0, 0.0, 0.0, 0.0,
    -0.40252250049046584, 0.0, 0.0, 0.0, 0.0, 0.0, 0.5193721938860271, 0.0, 0.0, 0.0, 0.0,
    0.47920548005366115, 0.0, 0.0, 0.0, 0.0, -0.4027638816575169, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.31156769994630246, 0.0, 0.0, 0.0, 0.0, 0.4366120090793105, 0.0, 0.0, 0.0, 0.0,
    -0.3502048133057428, -0.06703442179678326, 0.0, 0.0, 0.0, 0.0, -0.4479695287240449, 0.0, 0.0,
    0.0, 0.0, 0.15584204281504135, 0.0, 0.0, 0.0, 0.0, 0.0, -0.04384297827878959, 0.0, 0.0, 0.0,
    0.0, -0.5029740438994574, 0.0, 0.0, 0.0, 0.0, 0.29807005199175796, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.14231529813177562, 0.0, 0.0, 0.0, 0.0, -0.5577203038427063, 0.0, 0.0, 0.0, 0.0,
    0.5236013573043592, 0.0, 0.0, 0.0, 0.0, 0.0, 0.13410325025438852, 0.0, 0.0, 0.0, 0.0,
    -0.535540846767683, 0.0, 0.0, 0.0, 0.0, 0.52391534597963, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.08044758985740401, 0.0, 0.0, 0.0, 0.0, -0.4879400899695259, 0.0, 0.0, 0.0, 0.0,
    0.45554649829009974};
static const conf_array conf_jacfwd_against_reference_multi_input_out[] = {
    {4, conf_jacfwd_against_reference_multi_input_out_0_shape,
     conf_jacfwd_against_reference_multi_input_out_0_data}};
CONF_PROG(conf_jacfwd_against_reference_multi_input,
          "test_eager_transforms.py TestJac.test_against_reference_multi_input (jacfwd)",
          CONF_STACK,
    "prog conf_jacfwd_against_reference_multi_input\n"
    "in 2,3\n"
    "in 3,5\n"
    "tf jacfwd 1 0\n"
    "v2 = cos v0\n"
    "v3 = mul v2 v0\n"
    "v4 = sin v1\n"
    "v5 = matmul v3 v4\n"
    "out v5\n"
    "end\n",
          conf_jacfwd_against_reference_multi_input_in, 2,
          conf_jacfwd_against_reference_multi_input_out, 1, 0)
static const int64_t conf_jacfwd_against_reference_multi_output_in_0_shape[] = {5, 3};
static const double conf_jacfwd_against_reference_multi_output_in_0_data[] = {
    -0.38188465159068397, -0.2773971174923514, 0.5983906283671176, -1.0319478196405907,
    -1.150055598745546, -0.8337311375901808, 0.7215728458134495, -0.005323191693582422,
    0.02451961555802193, 0.1252470742221446, -1.3251040630666784, -0.22421119235135004,
    -0.7660990522165197, -0.2489568180464345, -2.592189563564538};
static const int64_t conf_jacfwd_against_reference_multi_output_in_1_shape[] = {3, 5};
static const double conf_jacfwd_against_reference_multi_output_in_1_data[] = {
    -0.3602906021757427, -0.5513590819725168, 0.8823750262762126, -0.28469891985607904,
    0.8049885377812285, -1.8227964238669927, -1.3822825777685546, -0.384017307933837,
    0.04245565836045984, -0.5372569408825683, 1.6255518330410803, 1.2701178644679803,
    1.6121107800778942, 1.2415578921730057, 0.10372365216533344};
static const conf_array conf_jacfwd_against_reference_multi_output_in[] = {
    {2, conf_jacfwd_against_reference_multi_output_in_0_shape,
     conf_jacfwd_against_reference_multi_output_in_0_data},
    {2, conf_jacfwd_against_reference_multi_output_in_1_shape,
     conf_jacfwd_against_reference_multi_output_in_1_data}};
static const int64_t conf_jacfwd_against_reference_multi_output_out_0_shape[] = {5, 5, 5, 3};
static const double conf_jacfwd_against_reference_multi_output_out_0_data[] = {
    1.6378814134118294, 1.72693506119828, 1.516961202249401, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 1.662752636255898, 4.168597335900651, -3.830338334038933,
    1.3540234005726242, 1.3540234005726242, 1.3540234005726242, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.6536363037966382, -0.28446822074181743, 1.1942021251981536, 0.0, 0.0, 0.0,
    0.7342317974944224, 0.7342317974944224, 0.7342317974944224, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.4054306729878792, -0.060459752182853876, -1.7680630893562077, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.8398816778186101, 0.8398816778186101, 0.8398816778186101, 0.0, 0.0, 0.0, -2.903791227194806,
    1.938017646790771, -0.3741566706533101, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    -0.09631197913574924, -0.09631197913574924, -0.09631197913574924, 1.1128451550207041,
    1.1128451550207041, 1.1128451550207041, 0.021938505755705884, 0.11099215354215666,
    -0.09898170540672241, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    2.762491444331126, 5.26833614397588, -2.7305995259637053, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.6536363037966382, -0.28446822074181743, 1.1942021251981536,
    -1.8129906840622814, -1.8129906840622814, -1.8129906840622814, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.4054306729878792, -0.060459752182853876, -1.7680630893562077, 0.0, 0.0, 0.0,
    -0.7901574118218302, -0.7901574118218302, -0.7901574118218302, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    -2.903791227194806, 1.938017646790771, -0.3741566706533101, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    -0.2993084520869151, -0.2993084520869151, -0.2993084520869151, -0.2104149143333664,
    -0.2104149143333664, -0.2104149143333664, 0.0, 0.0, 0.0, 0.021938505755705884,
    0.11099215354215666, -0.09898170540672241, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    -0.359344784957708, -0.359344784957708, -0.359344784957708, 1.662752636255898,
    4.168597335900651, -3.830338334038933, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 1.3319066968897202, 0.3938021723512646, 1.8724725182912356, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.4054306729878792, -0.060459752182853876, -1.7680630893562077,
    -0.17521448719938595, -0.17521448719938595, -0.17521448719938595, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, -2.903791227194806, 1.938017646790771, -0.3741566706533101, 0.0, 0.0, 0.0,
    0.5862610558144021, 0.5862610558144021, 0.5862610558144021, 2.0058026889022535,
    2.0058026889022535, 2.0058026889022535, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.021938505755705884,
    0.11099215354215666, -0.09898170540672241, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.4778375074254118,
    1.4778375074254118, 1.4778375074254118, 0.0, 0.0, 0.0, 1.662752636255898, 4.168597335900651,
    -3.830338334038933, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.2579245052351091,
    0.2579245052351091, 0.2579245052351091, 0.6536363037966382, -0.28446822074181743,
    1.1942021251981536, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0351436254707459, -0.4307467996999872, -2.138350136873341, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -2.903791227194806, 1.938017646790771, -0.3741566706533101,
    0.7894878106867006, 0.7894878106867006, 0.7894878106867006, -3.4839226101605907,
    -3.4839226101605907, -3.4839226101605907, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.021938505755705884, 0.11099215354215666, -0.09898170540672241, 0.0, 0.0, 0.0,
    -2.5258619304383787, -2.5258619304383787, -2.5258619304383787, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    1.662752636255898, 4.168597335900651, -3.830338334038933, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    -4.759279683699571, -4.759279683699571, -4.759279683699571, 0.0, 0.0, 0.0, 0.6536363037966382,
    -0.28446822074181743, 1.1942021251981536, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    -3.010815463596729, -3.010815463596729, -3.010815463596729, 0.4054306729878792,
    -0.060459752182853876, -1.7680630893562077, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, -3.655609773196457, 1.1861991007891197, -1.1259752166549615};
static const conf_array conf_jacfwd_against_reference_multi_output_out[] = {
    {4, conf_jacfwd_against_reference_multi_output_out_0_shape,
     conf_jacfwd_against_reference_multi_output_out_0_data}};
CONF_PROG(conf_jacfwd_against_reference_multi_output,
          "test_eager_transforms.py TestJac.test_against_reference_multi_input_multi_output"
          " (jacfwd)",
          CONF_STACK,
    "prog conf_jacfwd_against_reference_multi_output\n"
    "in 5,3\n"
    "in 3,5\n"
    "tf jacfwd 0 0\n"
    "v2 = mul v0 v0\n"
    "v3 = matmul v2 v1\n"
    "v4 = sum v0 [1] 0\n"
    "v5 = mul v4 v1\n"
    "v6 = matmul v0 v5\n"
    "v7 = sum v1 [] 0\n"
    "v8 = add v6 v7\n"
    "out v8\n"
    "end\n",
          conf_jacfwd_against_reference_multi_output_in, 2,
          conf_jacfwd_against_reference_multi_output_out, 1, 0)
static const int64_t conf_jacfwd_against_reference_zero_dim_in_0_shape[] = {0};
static const double conf_jacfwd_against_reference_zero_dim_in_0_data[] = {
    0.39325885889386};
static const conf_array conf_jacfwd_against_reference_zero_dim_in[] = {
    {0, conf_jacfwd_against_reference_zero_dim_in_0_shape,
     conf_jacfwd_against_reference_zero_dim_in_0_data}};
static const int64_t conf_jacfwd_against_reference_zero_dim_out_0_shape[] = {3};
static const double conf_jacfwd_against_reference_zero_dim_out_0_data[] = {
    1.0, 1.0, 1.0};
static const conf_array conf_jacfwd_against_reference_zero_dim_out[] = {
    {1, conf_jacfwd_against_reference_zero_dim_out_0_shape,
     conf_jacfwd_against_reference_zero_dim_out_0_data}};
CONF_PROG(conf_jacfwd_against_reference_zero_dim,
          "test_eager_transforms.py TestJac.test_against_reference_zero_dim (jacfwd)",
          CONF_STACK,
    "prog conf_jacfwd_against_reference_zero_dim\n"
    "in -\n"
    "tf jacfwd 0 0\n"
    "v1 = stack 0 v0 v0 v0\n"
    "out v1\n"
    "end\n",
          conf_jacfwd_against_reference_zero_dim_in, 1,
          conf_jacfwd_against_reference_zero_dim_out, 1, 0)
static const int64_t conf_jacfwd_against_reference_zero_dim_out_in_0_shape[] = {3};
static const double conf_jacfwd_against_reference_zero_dim_out_in_0_data[] = {
    1.945545677640822, 1.3014573275865646, -0.2090776295736335};
static const int64_t conf_jacfwd_against_reference_zero_dim_out_in_1_shape[] = {3};
static const double conf_jacfwd_against_reference_zero_dim_out_in_1_data[] = {
    0.5397377336703881, 0.24585102566627465, 0.1067032718743008};
static const conf_array conf_jacfwd_against_reference_zero_dim_out_in[] = {
    {1, conf_jacfwd_against_reference_zero_dim_out_in_0_shape,
     conf_jacfwd_against_reference_zero_dim_out_in_0_data},
    {1, conf_jacfwd_against_reference_zero_dim_out_in_1_shape,
     conf_jacfwd_against_reference_zero_dim_out_in_1_data}};
static const int64_t conf_jacfwd_against_reference_zero_dim_out_out_0_shape[] = {3, 3};
static const double conf_jacfwd_against_reference_zero_dim_out_out_0_data[] = {
    1.945545677640822, 0.0, 0.0, 0.0, 1.3014573275865646, 0.0, -0.0, -0.0, -0.2090776295736335};
static const conf_array conf_jacfwd_against_reference_zero_dim_out_out[] = {
    {2, conf_jacfwd_against_reference_zero_dim_out_out_0_shape,
     conf_jacfwd_against_reference_zero_dim_out_out_0_data}};
CONF_PROG(conf_jacfwd_against_reference_zero_dim_out,
          "test_eager_transforms.py TestJac.test_against_reference_zero_dim (jacfwd, 0-dim"
          " output)",
          CONF_STACK,
    "prog conf_jacfwd_against_reference_zero_dim_out\n"
    "in 3\n"
    "in 3\n"
    "tf jacfwd 1 0\n"
    "v2 = sum v0 [] 0\n"
    "v3 = mul v0 v1\n"
    "v4 = add v3 v2\n"
    "out v4\n"
    "end\n",
          conf_jacfwd_against_reference_zero_dim_out_in, 2,
          conf_jacfwd_against_reference_zero_dim_out_out, 1, 0)
static const int64_t conf_jacfwd_inplace_in_0_shape[] = {2};
static const double conf_jacfwd_inplace_in_0_data[] = {
    -0.2519754616088899, 0.28749029507429785};
static const int64_t conf_jacfwd_inplace_in_1_shape[] = {2};
static const double conf_jacfwd_inplace_in_1_data[] = {
    0.682540651706593, -0.5340625251737678};
static const conf_array conf_jacfwd_inplace_in[] = {
    {1, conf_jacfwd_inplace_in_0_shape,
     conf_jacfwd_inplace_in_0_data},
    {1, conf_jacfwd_inplace_in_1_shape,
     conf_jacfwd_inplace_in_1_data}};
static const int64_t conf_jacfwd_inplace_out_0_shape[] = {2, 2};
static const double conf_jacfwd_inplace_out_0_data[] = {
    1.0, 0.0, 0.0, 1.0};
static const conf_array conf_jacfwd_inplace_out[] = {
    {2, conf_jacfwd_inplace_out_0_shape,
     conf_jacfwd_inplace_out_0_data}};
CONF_PROG(conf_jacfwd_inplace,
          "test_eager_transforms.py TestJac.test_inplace (jacfwd)",
          CONF_STACK,
    "prog conf_jacfwd_inplace\n"
    "in 2\n"
    "in 2\n"
    "tf jacfwd 0 0\n"
    "v2 = clone v1\n"
    "copy_ v2 v0\n"
    "out v2\n"
    "end\n",
          conf_jacfwd_inplace_in, 2,
          conf_jacfwd_inplace_out, 1, 0)
static const int64_t conf_jacfwd_chunk_in_0_shape[] = {10, 2};
static const double conf_jacfwd_chunk_in_0_data[] = {
    0.8201125066294835, 0.3226334121186579, 1.3358251112447388, -1.1501569692588252,
    1.1514711746913588, -0.45326925148063174, 1.1110436907134518, -0.9759650653951276,
    -1.6098599145327648, 0.5978065573654883, -0.8409546700796011, -1.6452818360452313,
    1.9225497027036034, -0.37903926408238126, -0.16544202525816668, 1.0527934502795084,
    -0.727301977472629, 1.4102344481304965, -1.318961252086088, 0.3595665626123032};
static const int64_t conf_jacfwd_chunk_in_1_shape[] = {1, 2};
static const double conf_jacfwd_chunk_in_1_data[] = {
    -0.6984113950055971, -0.8177095174381668};
static const conf_array conf_jacfwd_chunk_in[] = {
    {2, conf_jacfwd_chunk_in_0_shape,
     conf_jacfwd_chunk_in_0_data},
    {2, conf_jacfwd_chunk_in_1_shape,
     conf_jacfwd_chunk_in_1_data}};
static const int64_t conf_jacfwd_chunk_out_0_shape[] = {10, 2, 10, 2};
static const double conf_jacfwd_chunk_out_0_data[] = {
    1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    1.0};
static const conf_array conf_jacfwd_chunk_out[] = {
    {4, conf_jacfwd_chunk_out_0_shape,
     conf_jacfwd_chunk_out_0_data}};
CONF_PROG(conf_jacfwd_chunk,
          "test_eager_transforms.py TestJac.test_chunk_jacrev (jacfwd, chunk_size 3)",
          CONF_STACK,
    "prog conf_jacfwd_chunk\n"
    "in 10,2\n"
    "in 1,2\n"
    "tf jacfwd 0 3\n"
    "v2 = sin v0\n"
    "v3 = add v0 v1\n"
    "out v3\n"
    "end\n",
          conf_jacfwd_chunk_in, 2,
          conf_jacfwd_chunk_out, 1, 0)
static const int64_t conf_jacfwd_chunk_composition_in_0_shape[] = {4, 2};
static const double conf_jacfwd_chunk_composition_in_0_data[] = {
    -1.1968435827290071, -0.6034725860565214, 1.0906825165131555, -0.45926074006946227,
    -0.5728665048214979, -0.872342924618257, -0.08604567178230096, 1.5004159053124368};
static const conf_array conf_jacfwd_chunk_composition_in[] = {
    {2, conf_jacfwd_chunk_composition_in_0_shape,
     conf_jacfwd_chunk_composition_in_0_data}};
static const int64_t conf_jacfwd_chunk_composition_out_0_shape[] = {4, 2, 2};
static const double conf_jacfwd_chunk_composition_out_0_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_jacfwd_chunk_composition_out[] = {
    {3, conf_jacfwd_chunk_composition_out_0_shape,
     conf_jacfwd_chunk_composition_out_0_data}};
CONF_PROG(conf_jacfwd_chunk_composition,
          "test_eager_transforms.py TestJac.test_chunk_jacrev_composition (jacfwd)",
          CONF_STACK,
    "prog conf_jacfwd_chunk_composition\n"
    "in 4,2\n"
    "tf vmap 0 0 0\n"
    "tf jacfwd 0 3\n"
    "tf jacfwd 0 3\n"
    "v1 = sin v0\n"
    "v2 = sum v0 [] 0\n"
    "out v2\n"
    "end\n",
          conf_jacfwd_chunk_composition_in, 1,
          conf_jacfwd_chunk_composition_out, 1, 0)
static const int64_t conf_hessian_simple_in_0_shape[] = {3};
static const double conf_hessian_simple_in_0_data[] = {
    0.23630322848347132, -2.2156634263879, -0.046750738189662355};
static const conf_array conf_hessian_simple_in[] = {
    {1, conf_hessian_simple_in_0_shape,
     conf_hessian_simple_in_0_data}};
static const int64_t conf_hessian_simple_out_0_shape[] = {3, 3, 3};
static const double conf_hessian_simple_out_0_data[] = {
    -0.23411019581310696, -0.0, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.0, -0.0, -0.0, 0.0,
    0.7991796594028232, 0.0, 0.0, 0.0, 0.0, -0.0, -0.0, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.046733710069456966};
static const conf_array conf_hessian_simple_out[] = {
    {3, conf_hessian_simple_out_0_shape,
     conf_hessian_simple_out_0_data}};
CONF_PROG(conf_hessian_simple,
          "test_eager_transforms.py TestJac.test_hessian_simple",
          CONF_STACK,
    "prog conf_hessian_simple\n"
    "in 3\n"
    "tf hessian 0\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_hessian_simple_in, 1,
          conf_hessian_simple_out, 1, 0)
static const int64_t conf_hessian_vectorize_simple_in_0_shape[] = {2, 3, 2};
static const double conf_hessian_vectorize_simple_in_0_data[] = {
    -0.6947950712404117, 0.5962571410744951, -0.479673981873395, -0.5678309263340309,
    -0.5132072640686854, 2.500288370561433, -1.1274498827520025, 1.5256142039059024,
    -0.04234994685515583, 2.1604522379976983, -1.0080109419396046, 1.0645512731383606};
static const conf_array conf_hessian_vectorize_simple_in[] = {
    {3, conf_hessian_vectorize_simple_in_0_shape,
     conf_hessian_vectorize_simple_in_0_data}};
static const int64_t conf_hessian_vectorize_simple_out_0_shape[] = {2, 3, 2, 2, 3, 2};
static const double conf_hessian_vectorize_simple_out_0_data[] = {
    6.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 6.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 6.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 6.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 6.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 6.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 6.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 6.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 6.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 6.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 6.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 6.0};
static const conf_array conf_hessian_vectorize_simple_out[] = {
    {6, conf_hessian_vectorize_simple_out_0_shape,
     conf_hessian_vectorize_simple_out_0_data}};
CONF_PROG(conf_hessian_vectorize_simple,
          "test_eager_transforms.py TestHessian.test_hessian_vectorize_correctness_simple",
          CONF_STACK,
    "prog conf_hessian_vectorize_simple\n"
    "in 2,3,2\n"
    "tf hessian 0\n"
    "v1 = pow_scalar v0 2.0\n"
    "v2 = mul_scalar v1 3.0\n"
    "v3 = sum v2 [] 0\n"
    "out v3\n"
    "end\n",
          conf_hessian_vectorize_simple_in, 1,
          conf_hessian_vectorize_simple_out, 1, 0)
static const int64_t conf_hessian_vectorize_multi_input_in_0_shape[] = {2, 3};
static const double conf_hessian_vectorize_multi_input_in_0_data[] = {
    1.368692745750983, -0.08553779225536146, -0.7119422893303491, 0.11092928317271927,
    1.333739397251621, 0.44818251503055756};
static const int64_t conf_hessian_vectorize_multi_input_in_1_shape[] = {3, 4};
static const double conf_hessian_vectorize_multi_input_in_1_data[] = {
    0.07690253110800314, -0.10789353894342098, 0.8754748095886941, -0.7876209484587937,
    -0.7506592543346955, 0.11660263389595958, -0.3856371138790612, -0.02421405124594521,
    -1.1205622157489845, 0.30334798609791375, -0.023871412680953594, 0.01744021472813308};
static const int64_t conf_hessian_vectorize_multi_input_in_2_shape[] = {4, 4};
static const double conf_hessian_vectorize_multi_input_in_2_data[] = {
    -1.377053275289159, -0.19872055926788482, 0.07821925047766674, 0.15571507329953643,
    0.9763674342868616, 0.14128286062739795, -0.23616341818202458, -1.2450513894437936,
    1.2568635832337474, -0.13478436639333882, -1.4106118154886627, -0.9229867435787386,
    -1.8141775360037384, -1.8152864877567074, 1.307866689976107, 1.4458308914447617};
static const conf_array conf_hessian_vectorize_multi_input_in[] = {
    {2, conf_hessian_vectorize_multi_input_in_0_shape,
     conf_hessian_vectorize_multi_input_in_0_data},
    {2, conf_hessian_vectorize_multi_input_in_1_shape,
     conf_hessian_vectorize_multi_input_in_1_data},
    {2, conf_hessian_vectorize_multi_input_in_2_shape,
     conf_hessian_vectorize_multi_input_in_2_data}};
static const int64_t conf_hessian_vectorize_multi_input_out_0_shape[] = {3, 4, 3, 4};
static const double conf_hessian_vectorize_multi_input_out_0_data[] = {
    0.19438753611249415, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.0,
    -0.07382260242760083, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, 0.0, 0.0,
    1.754126207610349, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.0, -0.0, -0.0,
    -1.1702856023265182, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0,
    -1.6281857276151352, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.07523973126496362, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0,
    -0.8106489849452905, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0,
    -0.03771857500531455, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0,
    -0.24267188903098258, -0.0, -0.0, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.021814800211398692, 0.0, 0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0,
    -0.0058086745474107354, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0030678062665661847};
static const conf_array conf_hessian_vectorize_multi_input_out[] = {
    {4, conf_hessian_vectorize_multi_input_out_0_shape,
     conf_hessian_vectorize_multi_input_out_0_data}};
CONF_PROG(conf_hessian_vectorize_multi_input,
          "test_eager_transforms.py TestHessian.test_hessian_vectorize_correctness_multi_input",
          CONF_STACK,
    "prog conf_hessian_vectorize_multi_input\n"
    "in 2,3\n"
    "in 3,4\n"
    "in 4,4\n"
    "tf hessian 1\n"
    "v3 = relu v0\n"
    "v4 = mul v3 v0\n"
    "v5 = sin v1\n"
    "v6 = matmul v4 v5\n"
    "v7 = matmul v6 v2\n"
    "v8 = sum v7 [] 0\n"
    "out v8\n"
    "end\n",
          conf_hessian_vectorize_multi_input_in, 3,
          conf_hessian_vectorize_multi_input_out, 1, 0)
static const int64_t conf_hessian_vectorize_multi_input_x_in_0_shape[] = {2, 3};
static const double conf_hessian_vectorize_multi_input_x_in_0_data[] = {
    -0.9000740631854761, -0.19157492001731033, 0.45774720909460376, -1.3907582666479934,
    0.3398466642315185, 0.7423801014276526};
static const int64_t conf_hessian_vectorize_multi_input_x_in_1_shape[] = {3, 4};
static const double conf_hessian_vectorize_multi_input_x_in_1_data[] = {
    0.651318344710144, 0.3434898463701934, -1.322595678259809, 0.810944161912125,
    0.951858552968836, 0.2801388102295397, 2.4861415622523197, 0.6379884237173727,
    0.5274086894495017, -1.120387815236773, -0.6702125558151522, 0.6509500499317477};
static const int64_t conf_hessian_vectorize_multi_input_x_in_2_shape[] = {4, 4};
static const double conf_hessian_vectorize_multi_input_x_in_2_data[] = {
    -0.728863948121611, 0.4914265658475838, -0.6988255365556176, 0.6110207746024361,
    0.9828484508424211, 0.3122695304795374, -0.00399852749991389, 2.148566826414689,
    -1.4747198584276975, 0.44943849822615545, -0.5547380192625226, -1.1301595022125186,
    -0.7952000751906879, 0.6228501304187269, -0.771744427558332, -0.6364371805091761};
static const conf_array conf_hessian_vectorize_multi_input_x_in[] = {
    {2, conf_hessian_vectorize_multi_input_x_in_0_shape,
     conf_hessian_vectorize_multi_input_x_in_0_data},
    {2, conf_hessian_vectorize_multi_input_x_in_1_shape,
     conf_hessian_vectorize_multi_input_x_in_1_data},
    {2, conf_hessian_vectorize_multi_input_x_in_2_shape,
     conf_hessian_vectorize_multi_input_x_in_2_data}};
static const int64_t conf_hessian_vectorize_multi_input_x_out_0_shape[] = {2, 3, 2, 3};
static const double conf_hessian_vectorize_multi_input_x_out_0_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -5.069227351739412, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -3.8142132566387534, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, -5.069227351739412};
static const conf_array conf_hessian_vectorize_multi_input_x_out[] = {
    {4, conf_hessian_vectorize_multi_input_x_out_0_shape,
     conf_hessian_vectorize_multi_input_x_out_0_data}};
CONF_PROG(conf_hessian_vectorize_multi_input_x,
          "test_eager_transforms.py TestHessian.test_hessian_vectorize_correctness_multi_input"
          " (w.r.t. x)",
          CONF_STACK,
    "prog conf_hessian_vectorize_multi_input_x\n"
    "in 2,3\n"
    "in 3,4\n"
    "in 4,4\n"
    "tf hessian 0\n"
    "v3 = relu v0\n"
    "v4 = mul v3 v0\n"
    "v5 = sin v1\n"
    "v6 = matmul v4 v5\n"
    "v7 = matmul v6 v2\n"
    "v8 = sum v7 [] 0\n"
    "out v8\n"
    "end\n",
          conf_hessian_vectorize_multi_input_x_in, 3,
          conf_hessian_vectorize_multi_input_x_out, 1, 0)
static const int64_t conf_hessian_unrelated_outputs_in_0_shape[] = {2};
static const double conf_hessian_unrelated_outputs_in_0_data[] = {
    0.7383441073365808, 0.5002840175155648};
static const int64_t conf_hessian_unrelated_outputs_in_1_shape[] = {3};
static const double conf_hessian_unrelated_outputs_in_1_data[] = {
    0.21093469222631278, 0.5823081194701916, -1.5032984755274648};
static const conf_array conf_hessian_unrelated_outputs_in[] = {
    {1, conf_hessian_unrelated_outputs_in_0_shape,
     conf_hessian_unrelated_outputs_in_0_data},
    {1, conf_hessian_unrelated_outputs_in_1_shape,
     conf_hessian_unrelated_outputs_in_1_data}};
static const int64_t conf_hessian_unrelated_outputs_out_0_shape[] = {3, 3};
static const double conf_hessian_unrelated_outputs_out_0_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_hessian_unrelated_outputs_out[] = {
    {2, conf_hessian_unrelated_outputs_out_0_shape,
     conf_hessian_unrelated_outputs_out_0_data}};
CONF_PROG(conf_hessian_unrelated_outputs,
          "test_eager_transforms.py"
          " TestHessian.test_hessian_vectorize_correctness_unrelated_outputs",
          CONF_STACK,
    "prog conf_hessian_unrelated_outputs\n"
    "in 2\n"
    "in 3\n"
    "tf hessian 1\n"
    "v2 = pow_scalar v0 2.0\n"
    "v3 = sum v2 [] 0\n"
    "out v3\n"
    "end\n",
          conf_hessian_unrelated_outputs_in, 2,
          conf_hessian_unrelated_outputs_out, 1, 0)
static const int64_t conf_hessian_jacfwd_different_levels_in_0_shape[] = {2, 2, 2};
static const double conf_hessian_jacfwd_different_levels_in_0_data[] = {
    -1.3151826533334243, 0.0936728205947986, 0.817020625691202, 0.04801823886643924,
    -0.0949729720960639, 1.6964151192062678, -0.8408593580401718, 0.6454700695866369};
static const int64_t conf_hessian_jacfwd_different_levels_in_1_shape[] = {2, 5, 2};
static const double conf_hessian_jacfwd_different_levels_in_1_data[] = {
    -0.9949817411377664, 1.540854977738964, -0.1115274170956917, -1.6584063447090622,
    -0.13274775076946424, -2.0461512031704867, -1.7296403999570429, 0.7293822879728906,
    -1.0831617335856147, 0.25159737589974673, 2.2408922653498675, 1.710488684911476,
    0.6746501993636399, 0.06616849993425558, 1.929908506350152, -0.08598406272630811,
    0.00850224759045723, -0.23490677692458908, 1.9744938002415953, -1.6682799837474926};
static const int64_t conf_hessian_jacfwd_different_levels_in_2_shape[] = {2, 5, 2};
static const double conf_hessian_jacfwd_different_levels_in_2_data[] = {
    -0.09757111202976582, 0.1554152156285527, 0.16786076357136048, 0.12276743856520568,
    0.8932431028307333, -1.3040706156862802, -0.809322312926723, 0.048196145085046396,
    0.13659196200381352, 0.26651091110160835, 1.6218863935958603, 0.45069073486503275,
    -0.7765933021195467, 1.2772778508478448, -0.25834891223437645, -0.24494254598373696,
    1.7547629273444656, 0.1688108076860807, 0.5173479067108281, 0.14714543754162096};
static const conf_array conf_hessian_jacfwd_different_levels_in[] = {
    {3, conf_hessian_jacfwd_different_levels_in_0_shape,
     conf_hessian_jacfwd_different_levels_in_0_data},
    {3, conf_hessian_jacfwd_different_levels_in_1_shape,
     conf_hessian_jacfwd_different_levels_in_1_data},
    {3, conf_hessian_jacfwd_different_levels_in_2_shape,
     conf_hessian_jacfwd_different_levels_in_2_data}};
static const int64_t conf_hessian_jacfwd_different_levels_out_0_shape[] = {2, 2, 2, 2, 2};
static const double conf_hessian_jacfwd_different_levels_out_0_data[] = {
    10.369888499127367, -5.221265089304119, 0.0, 0.0, -5.221265089304119, 19.81316034879691, 0.0,
    0.0, 0.0, 0.0, 10.369888499127367, -5.221265089304119, 0.0, 0.0, -5.221265089304119,
    19.81316034879691, 26.199991869391045, 0.831428722076244, 0.0, 0.0, 0.831428722076244,
    11.551764737308591, 0.0, 0.0, 0.0, 0.0, 26.199991869391045, 0.831428722076244, 0.0, 0.0,
    0.831428722076244, 11.551764737308591};
static const conf_array conf_hessian_jacfwd_different_levels_out[] = {
    {5, conf_hessian_jacfwd_different_levels_out_0_shape,
     conf_hessian_jacfwd_different_levels_out_0_data}};
CONF_PROG(conf_hessian_jacfwd_different_levels,
          "test_eager_transforms.py TestHessian.test_jacfwd_different_levels",
          CONF_STACK,
    "prog conf_hessian_jacfwd_different_levels\n"
    "in 2,2,2\n"
    "in 2,5,2\n"
    "in 2,5,2\n"
    "tf vmap 0,0,0 0 0\n"
    "tf hessian 0\n"
    "v3 = transpose v1 0 1\n"
    "v4 = matmul v0 v3\n"
    "v5 = transpose v4 0 1\n"
    "v6 = sub v2 v5\n"
    "v7 = pow_scalar v6 2.0\n"
    "v8 = sum v7 [] 0\n"
    "out v8\n"
    "end\n",
          conf_hessian_jacfwd_different_levels_in, 3,
          conf_hessian_jacfwd_different_levels_out, 1, 0)
static const int64_t conf_jvp_simple_in_0_shape[] = {2, 3};
static const double conf_jvp_simple_in_0_data[] = {
    0.5430934739060159, -0.09097826133026544, 0.35305060148022754, 0.37955677985911423,
    0.29650108198661185, -1.1013821498762748};
static const conf_array conf_jvp_simple_in[] = {
    {2, conf_jvp_simple_in_0_shape,
     conf_jvp_simple_in_0_data}};
static const int64_t conf_jvp_simple_out_0_shape[] = {2, 3};
static const double conf_jvp_simple_out_0_data[] = {
    0.5167868268150531, -0.09085280808142046, 0.3457618592677415, 0.37050883012327596,
    0.2921757604905608, -0.8918334464312996};
static const int64_t conf_jvp_simple_out_1_shape[] = {2, 3};
static const double conf_jvp_simple_out_1_data[] = {
    -1.0701426420914852, 0.49793216587797395, -0.4691611494667143, 1.1610361797231232,
    0.23909116004436498, -0.3392729298107787};
static const conf_array conf_jvp_simple_out[] = {
    {2, conf_jvp_simple_out_0_shape,
     conf_jvp_simple_out_0_data},
    {2, conf_jvp_simple_out_1_shape,
     conf_jvp_simple_out_1_data}};
CONF_PROG(conf_jvp_simple,
          "test_eager_transforms.py TestJvp.test_simple",
          CONF_STACK,
    "prog conf_jvp_simple\n"
    "in 2,3\n"
    "tf jvp\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_jvp_simple_in, 1,
          conf_jvp_simple_out, 2, 0)
static const int64_t conf_jvp_multiple_inputs_in_0_shape[] = {2, 3};
static const double conf_jvp_multiple_inputs_in_0_data[] = {
    -0.03701522165188902, -0.3490555410766572, 0.24486522523720217, 0.33387954646255685,
    0.5234531541051963, 0.010466464956476294};
static const int64_t conf_jvp_multiple_inputs_in_1_shape[] = {2, 3};
static const double conf_jvp_multiple_inputs_in_1_data[] = {
    0.2944155313380944, -0.7332090926667924, -0.18610312086652853, -0.2749922515025138,
    0.7115389301560471, 0.8402143341235527};
static const conf_array conf_jvp_multiple_inputs_in[] = {
    {2, conf_jvp_multiple_inputs_in_0_shape,
     conf_jvp_multiple_inputs_in_0_data},
    {2, conf_jvp_multiple_inputs_in_1_shape,
     conf_jvp_multiple_inputs_in_1_data}};
static const int64_t conf_jvp_multiple_inputs_out_0_shape[] = {2, 3};
static const double conf_jvp_multiple_inputs_out_0_data[] = {
    -0.010897856150238243, 0.2559306965631321, -0.04557018260832876, -0.09181428821237667,
    0.3724572972588198, 0.008794073884033228};
static const int64_t conf_jvp_multiple_inputs_out_1_shape[] = {2, 3};
static const double conf_jvp_multiple_inputs_out_1_data[] = {
    -0.3495118033466735, -0.8029239726792177, 0.15426786674256482, -0.5941499742250599,
    0.7013378866442082, -0.6301607505926645};
static const conf_array conf_jvp_multiple_inputs_out[] = {
    {2, conf_jvp_multiple_inputs_out_0_shape,
     conf_jvp_multiple_inputs_out_0_data},
    {2, conf_jvp_multiple_inputs_out_1_shape,
     conf_jvp_multiple_inputs_out_1_data}};
CONF_PROG(conf_jvp_multiple_inputs,
          "test_eager_transforms.py TestJvp.test_multiple_inputs",
          CONF_STACK,
    "prog conf_jvp_multiple_inputs\n"
    "in 2,3\n"
    "in 2,3\n"
    "tf jvp\n"
    "v2 = mul v0 v1\n"
    "out v2\n"
    "end\n",
          conf_jvp_multiple_inputs_in, 2,
          conf_jvp_multiple_inputs_out, 2, 0)
static const int64_t conf_jvp_multiple_outputs_in_0_shape[] = {2, 3};
static const double conf_jvp_multiple_outputs_in_0_data[] = {
    -2.0185596841632747, -0.24820615184887002, 0.6160255710848374, -0.7998864580924165,
    -0.019668503681672334, -0.7544104729465742};
static const conf_array conf_jvp_multiple_outputs_in[] = {
    {2, conf_jvp_multiple_outputs_in_0_shape,
     conf_jvp_multiple_outputs_in_0_data}};
static const int64_t conf_jvp_multiple_outputs_out_0_shape[] = {2, 3};
static const double conf_jvp_multiple_outputs_out_0_data[] = {
    -0.4329504694413961, 0.9693546676805619, 0.8161813054874382, 0.6967881548350783,
    0.9998065812169212, 0.7286754128163422};
static const int64_t conf_jvp_multiple_outputs_out_1_shape[] = {2, 3};
static const double conf_jvp_multiple_outputs_out_1_data[] = {
    -1.1267721396555146, 0.12283274018549316, 0.28889793897361965, 0.8965962260836179,
    0.00491680889482611, -0.5136444103665249};
static const conf_array conf_jvp_multiple_outputs_out[] = {
    {2, conf_jvp_multiple_outputs_out_0_shape,
     conf_jvp_multiple_outputs_out_0_data},
    {2, conf_jvp_multiple_outputs_out_1_shape,
     conf_jvp_multiple_outputs_out_1_data}};
CONF_PROG(conf_jvp_multiple_outputs,
          "test_eager_transforms.py TestJvp.test_multiple_outputs",
          CONF_STACK,
    "prog conf_jvp_multiple_outputs\n"
    "in 2,3\n"
    "tf jvp\n"
    "v1 = sin v0\n"
    "v2 = cos v0\n"
    "out v2\n"
    "end\n",
          conf_jvp_multiple_outputs_in, 1,
          conf_jvp_multiple_outputs_out, 2, 0)
static const int64_t conf_jvp_multiple_inputs_outputs_in_0_shape[] = {2, 3};
static const double conf_jvp_multiple_inputs_outputs_in_0_data[] = {
    -0.02926715155357489, 0.7590579709143006, 1.2267610001887488, -0.3771681219363033,
    -1.2615623220870982, 1.0471632357302942};
static const int64_t conf_jvp_multiple_inputs_outputs_in_1_shape[] = {2, 3};
static const double conf_jvp_multiple_inputs_outputs_in_1_data[] = {
    -1.3342157327071833, -1.9055861344921596, 0.7583064041832079, -1.4926982029949958,
    0.24683833686750048, 1.937252924447567};
static const conf_array conf_jvp_multiple_inputs_outputs_in[] = {
    {2, conf_jvp_multiple_inputs_outputs_in_0_shape,
     conf_jvp_multiple_inputs_outputs_in_0_data},
    {2, conf_jvp_multiple_inputs_outputs_in_1_shape,
     conf_jvp_multiple_inputs_outputs_in_1_data}};
static const int64_t conf_jvp_multiple_inputs_outputs_out_0_shape[] = {2, 3};
static const double conf_jvp_multiple_inputs_outputs_out_0_data[] = {
    -6.788147269750216, -6.491698788803595, 8.698576021671034, -8.972163502720193,
    -3.8120576040108904, 13.874917565159011};
static const int64_t conf_jvp_multiple_inputs_outputs_out_1_shape[] = {2, 3};
static const double conf_jvp_multiple_inputs_outputs_out_1_data[] = {
    -7.5, 8.25, -0.75, 1.25, 6.0, -3.0};
static const conf_array conf_jvp_multiple_inputs_outputs_out[] = {
    {2, conf_jvp_multiple_inputs_outputs_out_0_shape,
     conf_jvp_multiple_inputs_outputs_out_0_data},
    {2, conf_jvp_multiple_inputs_outputs_out_1_shape,
     conf_jvp_multiple_inputs_outputs_out_1_data}};
CONF_PROG(conf_jvp_multiple_inputs_outputs,
          "test_eager_transforms.py TestJvp.test_multiple_inputs_outputs",
          CONF_STACK,
    "prog conf_jvp_multiple_inputs_outputs\n"
    "in 2,3\n"
    "in 2,3\n"
    "tf jvp\n"
    "v2 = mul_scalar v0 2.0\n"
    "v3 = mul_scalar v1 3.0\n"
    "v4 = add v2 v3\n"
    "v5 = mul_scalar v0 4.0\n"
    "v6 = mul_scalar v1 5.0\n"
    "v7 = add v5 v6\n"
    "out v7\n"
    "end\n",
          conf_jvp_multiple_inputs_outputs_in, 2,
          conf_jvp_multiple_inputs_outputs_out, 2, 0)
static const int64_t conf_jvp_unrelated_input_in_0_shape[] = {2, 3};
static const double conf_jvp_unrelated_input_in_0_data[] = {
    0.5173514404881101, -0.23511885628365922, -0.22784857843626785, -0.9120841740439662,
    0.7005010436929066, 2.210218591908745};
static const int64_t conf_jvp_unrelated_input_in_1_shape[] = {2, 3};
static const double conf_jvp_unrelated_input_in_1_data[] = {
    0.018946108768905564, -0.6827413828386514, 0.7058206678196398, -0.6560022129654346,
    -0.6854897180798512, -0.4466749095826182};
static const conf_array conf_jvp_unrelated_input_in[] = {
    {2, conf_jvp_unrelated_input_in_0_shape,
     conf_jvp_unrelated_input_in_0_data},
    {2, conf_jvp_unrelated_input_in_1_shape,
     conf_jvp_unrelated_input_in_1_data}};
static const int64_t conf_jvp_unrelated_input_out_0_shape[] = {2, 3};
static const double conf_jvp_unrelated_input_out_0_data[] = {
    0.5173514404881101, -0.23511885628365922, -0.22784857843626785, -0.9120841740439662,
    0.7005010436929066, 2.210218591908745};
static const int64_t conf_jvp_unrelated_input_out_1_shape[] = {2, 3};
static const double conf_jvp_unrelated_input_out_1_data[] = {
    -1.25, 0.5, -0.5, 1.25, 0.25, -0.75};
static const conf_array conf_jvp_unrelated_input_out[] = {
    {2, conf_jvp_unrelated_input_out_0_shape,
     conf_jvp_unrelated_input_out_0_data},
    {2, conf_jvp_unrelated_input_out_1_shape,
     conf_jvp_unrelated_input_out_1_data}};
CONF_PROG(conf_jvp_unrelated_input,
          "test_eager_transforms.py TestJvp.test_unrelated_input",
          CONF_STACK,
    "prog conf_jvp_unrelated_input\n"
    "in 2,3\n"
    "in 2,3\n"
    "tf jvp\n"
    "v2 = clone v0\n"
    "out v2\n"
    "end\n",
          conf_jvp_unrelated_input_in, 2,
          conf_jvp_unrelated_input_out, 2, 0)
static const int64_t conf_jvp_unrelated_output_in_0_shape[] = {2, 3};
static const double conf_jvp_unrelated_output_in_0_data[] = {
    0.6480073968448868, -1.0896056042894464, -0.12302524881783898, 0.17176535458568556,
    -0.04287921556272036, -0.4671704660646496};
static const int64_t conf_jvp_unrelated_output_in_1_shape[] = {2, 3};
static const double conf_jvp_unrelated_output_in_1_data[] = {
    -1.2495326672934324, 1.2254661266957836, 0.18675091381233216, -0.043502982209697984,
    1.4464945267878488, 0.1613344594353407};
static const conf_array conf_jvp_unrelated_output_in[] = {
    {2, conf_jvp_unrelated_output_in_0_shape,
     conf_jvp_unrelated_output_in_0_data},
    {2, conf_jvp_unrelated_output_in_1_shape,
     conf_jvp_unrelated_output_in_1_data}};
static const int64_t conf_jvp_unrelated_output_out_0_shape[] = {2, 3};
static const double conf_jvp_unrelated_output_out_0_data[] = {
    -1.2495326672934324, 1.2254661266957836, 0.18675091381233216, -0.043502982209697984,
    1.4464945267878488, 0.1613344594353407};
static const int64_t conf_jvp_unrelated_output_out_1_shape[] = {2, 3};
static const double conf_jvp_unrelated_output_out_1_data[] = {
    -0.5, 1.25, 0.25, -0.75, 1.0, 0.0};
static const conf_array conf_jvp_unrelated_output_out[] = {
    {2, conf_jvp_unrelated_output_out_0_shape,
     conf_jvp_unrelated_output_out_0_data},
    {2, conf_jvp_unrelated_output_out_1_shape,
     conf_jvp_unrelated_output_out_1_data}};
CONF_PROG(conf_jvp_unrelated_output,
          "test_eager_transforms.py TestJvp.test_unrelated_output",
          CONF_STACK,
    "prog conf_jvp_unrelated_output\n"
    "in 2,3\n"
    "in 2,3\n"
    "tf jvp\n"
    "v2 = mul_scalar v1 1.0\n"
    "out v2\n"
    "end\n",
          conf_jvp_unrelated_output_in, 2,
          conf_jvp_unrelated_output_out, 2, 0)
static const int64_t conf_jvp_new_tensor_in_0_shape[] = {4, 4};
static const double conf_jvp_new_tensor_in_0_data[] = {
    -0.6524763794286947, 0.0812144781352364, 0.5827407158983118, 0.05183129859132418,
    0.2612824559290438, -0.5972773193625338, -0.31377001747156097, -0.7948791865104403,
    0.3978827707795544, -0.2659764649246287, -0.9091428356077368, -0.20259123195752454,
    -0.49949222704776514, 0.17545801428111574, 0.0456392912829318, 0.5123963024295363};
static const conf_array conf_jvp_new_tensor_in[] = {
    {2, conf_jvp_new_tensor_in_0_shape,
     conf_jvp_new_tensor_in_0_data}};
static const int64_t conf_jvp_new_tensor_out_0_shape[] = {4, 4};
static const double conf_jvp_new_tensor_out_0_data[] = {
    -0.15247637942869474, 0.5812144781352364, 1.0827407158983118, 0.5518312985913242,
    0.7612824559290439, -0.09727731936253381, 0.18622998252843903, -0.2948791865104403,
    0.8978827707795545, 0.23402353507537133, -0.4091428356077368, 0.29740876804247546,
    0.000507772952234864, 0.6754580142811157, 0.5456392912829318, 1.0123963024295364};
static const int64_t conf_jvp_new_tensor_out_1_shape[] = {4, 4};
static const double conf_jvp_new_tensor_out_1_data[] = {
    -1.25, 0.5, -0.5, 1.25, 0.25, -0.75, 1.0, 0.0, -1.0, 0.75, -0.25, -1.25, 0.5, -0.5, 1.25,
    0.25};
static const conf_array conf_jvp_new_tensor_out[] = {
    {2, conf_jvp_new_tensor_out_0_shape,
     conf_jvp_new_tensor_out_0_data},
    {2, conf_jvp_new_tensor_out_1_shape,
     conf_jvp_new_tensor_out_1_data}};
CONF_PROG(conf_jvp_new_tensor,
          "test_eager_transforms.py TestJvp.test_jvp_new_tensor",
          CONF_STACK,
    "prog conf_jvp_new_tensor\n"
    "in 4,4\n"
    "tf jvp\n"
    "v1 = add_scalar v0 0.5\n"
    "out v1\n"
    "end\n",
          conf_jvp_new_tensor_in, 1,
          conf_jvp_new_tensor_out, 2, 0)
static const int64_t conf_jvp_nested_in_0_shape[] = {0};
static const double conf_jvp_nested_in_0_data[] = {
    -0.6765913850858962};
static const conf_array conf_jvp_nested_in[] = {
    {0, conf_jvp_nested_in_0_shape,
     conf_jvp_nested_in_0_data}};
static const int64_t conf_jvp_nested_out_0_shape[] = {0};
static const double conf_jvp_nested_out_0_data[] = {
    -0.30972723184512296};
static const int64_t conf_jvp_nested_out_1_shape[] = {0};
static const double conf_jvp_nested_out_1_data[] = {
    -1.7166596338966933};
static const int64_t conf_jvp_nested_out_2_shape[] = {0};
static const double conf_jvp_nested_out_2_data[] = {
    -1.7166596338966933};
static const int64_t conf_jvp_nested_out_3_shape[] = {0};
static const double conf_jvp_nested_out_3_data[] = {
    -6.343044235180277};
static const conf_array conf_jvp_nested_out[] = {
    {0, conf_jvp_nested_out_0_shape,
     conf_jvp_nested_out_0_data},
    {0, conf_jvp_nested_out_1_shape,
     conf_jvp_nested_out_1_data},
    {0, conf_jvp_nested_out_2_shape,
     conf_jvp_nested_out_2_data},
    {0, conf_jvp_nested_out_3_shape,
     conf_jvp_nested_out_3_data}};
CONF_PROG(conf_jvp_nested,
          "test_eager_transforms.py TestJvp.test_disable_fwd_grad_inside (jvp of jvp)",
          CONF_STACK,
    "prog conf_jvp_nested\n"
    "in -\n"
    "tf jvp\n"
    "tf jvp\n"
    "v1 = pow_scalar v0 2.0\n"
    "v2 = mul v1 v0\n"
    "out v2\n"
    "end\n",
          conf_jvp_nested_in, 1,
          conf_jvp_nested_out, 4, 0)
static const int64_t conf_jvp_inside_grad_in_0_shape[] = {3};
static const double conf_jvp_inside_grad_in_0_data[] = {
    0.7860325464437954, 0.9161776062721825, -1.4671953890650564};
static const conf_array conf_jvp_inside_grad_in[] = {
    {1, conf_jvp_inside_grad_in_0_shape,
     conf_jvp_inside_grad_in_0_data}};
static const int64_t conf_jvp_inside_grad_out_0_shape[] = {3};
static const double conf_jvp_inside_grad_out_0_data[] = {
    1.2630114516617579, 1.351101119922712, -1.146369273568216};
static const int64_t conf_jvp_inside_grad_out_1_shape[] = {3};
static const double conf_jvp_inside_grad_out_1_data[] = {
    -1.5787643145771972, 0.675550559961356, 0.573184636784108};
static const conf_array conf_jvp_inside_grad_out[] = {
    {1, conf_jvp_inside_grad_out_0_shape,
     conf_jvp_inside_grad_out_0_data},
    {1, conf_jvp_inside_grad_out_1_shape,
     conf_jvp_inside_grad_out_1_data}};
CONF_PROG(conf_jvp_inside_grad,
          "test_eager_transforms.py TestComposability (grad of jvp)",
          CONF_STACK,
    "prog conf_jvp_inside_grad\n"
    "in 3\n"
    "tf grad 0 sum\n"
    "tf jvp\n"
    "v1 = sin v0\n"
    "v2 = mul v1 v0\n"
    "out v2\n"
    "end\n",
          conf_jvp_inside_grad_in, 1,
          conf_jvp_inside_grad_out, 2, 0)
static const int64_t conf_jvp_zerotensor_vmapjvp_in_0_shape[] = {4, 1};
static const double conf_jvp_zerotensor_vmapjvp_in_0_data[] = {
    1.3859084557660382, 0.0013623374259294982, -1.264158870937962, 1.3387734178438007};
static const int64_t conf_jvp_zerotensor_vmapjvp_in_1_shape[] = {4, 2};
static const double conf_jvp_zerotensor_vmapjvp_in_1_data[] = {
    -0.5163709307741005, -0.9761327184822425, 0.6620266866807096, 0.12684779630317988,
    0.6796562134653478, -0.7207269552813786, 0.8268993597466375, -0.23376680362360144};
static const conf_array conf_jvp_zerotensor_vmapjvp_in[] = {
    {2, conf_jvp_zerotensor_vmapjvp_in_0_shape,
     conf_jvp_zerotensor_vmapjvp_in_0_data},
    {2, conf_jvp_zerotensor_vmapjvp_in_1_shape,
     conf_jvp_zerotensor_vmapjvp_in_1_data}};
static const int64_t conf_jvp_zerotensor_vmapjvp_out_0_shape[] = {4, 1, 4, 2};
static const double conf_jvp_zerotensor_vmapjvp_out_0_data[] = {
    0.26663893814851086, 0.9528350840915328, 0.4382793338774385, 0.016090363426973016,
    0.4619325685020544, 0.5194473440691664, 0.6837625511493991, 0.05464691847639544,
    0.26663893814851086, 0.9528350840915328, 0.4382793338774385, 0.016090363426973016,
    0.4619325685020544, 0.5194473440691664, 0.6837625511493991, 0.05464691847639544,
    0.26663893814851086, 0.9528350840915328, 0.4382793338774385, 0.016090363426973016,
    0.4619325685020544, 0.5194473440691664, 0.6837625511493991, 0.05464691847639544,
    0.26663893814851086, 0.9528350840915328, 0.4382793338774385, 0.016090363426973016,
    0.4619325685020544, 0.5194473440691664, 0.6837625511493991, 0.05464691847639544};
static const int64_t conf_jvp_zerotensor_vmapjvp_out_1_shape[] = {4, 1, 4, 2};
static const double conf_jvp_zerotensor_vmapjvp_out_1_data[] = {
    0.5163709307741005, -2.4403317962056064, 0.3310133433403548, -0.19027169445476982,
    1.3593124269306955, -0.0, -1.653798719493275, -0.35065020543540215, 0.5163709307741005,
    -2.4403317962056064, 0.3310133433403548, -0.19027169445476982, 1.3593124269306955, -0.0,
    -1.653798719493275, -0.35065020543540215, 0.5163709307741005, -2.4403317962056064,
    0.3310133433403548, -0.19027169445476982, 1.3593124269306955, -0.0, -1.653798719493275,
    -0.35065020543540215, 0.5163709307741005, -2.4403317962056064, 0.3310133433403548,
    -0.19027169445476982, 1.3593124269306955, -0.0, -1.653798719493275, -0.35065020543540215};
static const conf_array conf_jvp_zerotensor_vmapjvp_out[] = {
    {4, conf_jvp_zerotensor_vmapjvp_out_0_shape,
     conf_jvp_zerotensor_vmapjvp_out_0_data},
    {4, conf_jvp_zerotensor_vmapjvp_out_1_shape,
     conf_jvp_zerotensor_vmapjvp_out_1_data}};
CONF_PROG(conf_jvp_zerotensor_vmapjvp,
          "test_eager_transforms.py TestJvp.test_zerotensor_vmapjvp_interaction"
          " (vmap(vmap(jvp)) with unbatched input)",
          CONF_STACK,
    "prog conf_jvp_zerotensor_vmapjvp\n"
    "in 4,1\n"
    "in 4,2\n"
    "tf vmap 0,- 0,0 0\n"
    "tf vmap 0,- 0,0 0\n"
    "tf jvp\n"
    "v2 = mul v1 v1\n"
    "out v2\n"
    "end\n",
          conf_jvp_zerotensor_vmapjvp_in, 2,
          conf_jvp_zerotensor_vmapjvp_out, 2, 0)
static const int64_t conf_compose_grad_grad_in_0_shape[] = {0};
static const double conf_compose_grad_grad_in_0_data[] = {
    -0.6392229819882947};
static const conf_array conf_compose_grad_grad_in[] = {
    {0, conf_compose_grad_grad_in_0_shape,
     conf_compose_grad_grad_in_0_data}};
static const int64_t conf_compose_grad_grad_out_0_shape[] = {0};
static const double conf_compose_grad_grad_out_0_data[] = {
    0.596572018293666};
static const conf_array conf_compose_grad_grad_out[] = {
    {0, conf_compose_grad_grad_out_0_shape,
     conf_compose_grad_grad_out_0_data}};
CONF_PROG(conf_compose_grad_grad,
          "test_eager_transforms.py TestComposability.test_grad_grad",
          CONF_STACK,
    "prog conf_compose_grad_grad\n"
    "in -\n"
    "tf grad 0 sum\n"
    "tf grad 0 sum\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_compose_grad_grad_in, 1,
          conf_compose_grad_grad_out, 1, 0)
static const int64_t conf_compose_grad_vmap_in_0_shape[] = {3};
static const double conf_compose_grad_vmap_in_0_data[] = {
    -0.23251689236592285, 0.07579193834293807, -0.6142107586115402};
static const conf_array conf_compose_grad_vmap_in[] = {
    {1, conf_compose_grad_vmap_in_0_shape,
     conf_compose_grad_vmap_in_0_data}};
static const int64_t conf_compose_grad_vmap_out_0_shape[] = {3};
static const double conf_compose_grad_vmap_out_0_data[] = {
    0.9730895167589967, 0.9971291657085818, 0.81722855201388};
static const conf_array conf_compose_grad_vmap_out[] = {
    {1, conf_compose_grad_vmap_out_0_shape,
     conf_compose_grad_vmap_out_0_data}};
CONF_PROG(conf_compose_grad_vmap,
          "test_eager_transforms.py TestComposability.test_grad_vmap",
          CONF_STACK,
    "prog conf_compose_grad_vmap\n"
    "in 3\n"
    "tf grad 0 sum\n"
    "v1 = sin v0\n"
    "v2 = sum v1 [] 0\n"
    "out v2\n"
    "end\n",
          conf_compose_grad_vmap_in, 1,
          conf_compose_grad_vmap_out, 1, 0)
static const int64_t conf_compose_grad_vmap_inner_in_0_shape[] = {3};
static const double conf_compose_grad_vmap_inner_in_0_data[] = {
    0.14417432788724074, 0.7294906084160677, -1.834604636760229};
static const conf_array conf_compose_grad_vmap_inner_in[] = {
    {1, conf_compose_grad_vmap_inner_in_0_shape,
     conf_compose_grad_vmap_inner_in_0_data}};
static const int64_t conf_compose_grad_vmap_inner_out_0_shape[] = {3};
static const double conf_compose_grad_vmap_inner_out_0_data[] = {
    0.989624871938449, 0.7455140034309854, -0.2607589913339579};
static const conf_array conf_compose_grad_vmap_inner_out[] = {
    {1, conf_compose_grad_vmap_inner_out_0_shape,
     conf_compose_grad_vmap_inner_out_0_data}};
CONF_PROG(conf_compose_grad_vmap_inner,
          "test_eager_transforms.py TestComposability.test_grad_vmap (vmap inside grad)",
          CONF_STACK,
    "prog conf_compose_grad_vmap_inner\n"
    "in 3\n"
    "tf grad 0 sum\n"
    "tf vmap 0 0 0\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_compose_grad_vmap_inner_in, 1,
          conf_compose_grad_vmap_inner_out, 1, 0)
static const int64_t conf_compose_grad_vjp_in_0_shape[] = {3};
static const double conf_compose_grad_vjp_in_0_data[] = {
    -1.9376818800571314, 1.9737436382630755, -0.5099138792422833};
static const conf_array conf_compose_grad_vjp_in[] = {
    {1, conf_compose_grad_vjp_in_0_shape,
     conf_compose_grad_vjp_in_0_data}};
static const int64_t conf_compose_grad_vjp_out_0_shape[] = {3};
static const double conf_compose_grad_vjp_out_0_data[] = {
    -0.35870999900571404, -0.39213130064076146, 0.8727865466036218};
static const int64_t conf_compose_grad_vjp_out_1_shape[] = {3};
static const double conf_compose_grad_vjp_out_1_data[] = {
    0.17935499950285702, -0.4901641258009518, 0.21819663665090544};
static const conf_array conf_compose_grad_vjp_out[] = {
    {1, conf_compose_grad_vjp_out_0_shape,
     conf_compose_grad_vjp_out_0_data},
    {1, conf_compose_grad_vjp_out_1_shape,
     conf_compose_grad_vjp_out_1_data}};
CONF_PROG(conf_compose_grad_vjp,
          "test_eager_transforms.py TestComposability.test_grad_vjp",
          CONF_STACK,
    "prog conf_compose_grad_vjp\n"
    "in 3\n"
    "tf grad 0 sum\n"
    "tf vjp\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_compose_grad_vjp_in, 1,
          conf_compose_grad_vjp_out, 2, 0)
static const int64_t conf_compose_vmap_grad_in_0_shape[] = {3};
static const double conf_compose_vmap_grad_in_0_data[] = {
    -0.3511839156233772, -1.35062737884985, -0.9869552011242627};
static const conf_array conf_compose_vmap_grad_in[] = {
    {1, conf_compose_vmap_grad_in_0_shape,
     conf_compose_vmap_grad_in_0_data}};
static const int64_t conf_compose_vmap_grad_out_0_shape[] = {3};
static const double conf_compose_vmap_grad_out_0_data[] = {
    0.938966092532029, 0.21839449583421705, 0.5512328442130666};
static const conf_array conf_compose_vmap_grad_out[] = {
    {1, conf_compose_vmap_grad_out_0_shape,
     conf_compose_vmap_grad_out_0_data}};
CONF_PROG(conf_compose_vmap_grad,
          "test_eager_transforms.py TestComposability.test_vmap_grad",
          CONF_STACK,
    "prog conf_compose_vmap_grad\n"
    "in 3\n"
    "tf vmap 0 0 0\n"
    "tf grad 0 sum\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_compose_vmap_grad_in, 1,
          conf_compose_vmap_grad_out, 1, 0)
static const int64_t conf_compose_vmap_vmap_in_0_shape[] = {2, 3};
static const double conf_compose_vmap_vmap_in_0_data[] = {
    0.300094171136835, 1.167541025459236, -0.09385163199125847, -1.436656117775223,
    0.6015203023725161, -0.7660887958714233};
static const conf_array conf_compose_vmap_vmap_in[] = {
    {2, conf_compose_vmap_vmap_in_0_shape,
     conf_compose_vmap_vmap_in_0_data}};
static const int64_t conf_compose_vmap_vmap_out_0_shape[] = {2, 3};
static const double conf_compose_vmap_vmap_out_0_data[] = {
    0.29561017047408095, 0.9197884419606751, -0.09371391644519182, -0.991016684468544,
    0.5658965800707476, -0.6933220260475988};
static const conf_array conf_compose_vmap_vmap_out[] = {
    {2, conf_compose_vmap_vmap_out_0_shape,
     conf_compose_vmap_vmap_out_0_data}};
CONF_PROG(conf_compose_vmap_vmap,
          "test_eager_transforms.py TestComposability.test_vmap_vmap",
          CONF_STACK,
    "prog conf_compose_vmap_vmap\n"
    "in 2,3\n"
    "tf vmap 0 0 0\n"
    "tf vmap 0 0 0\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_compose_vmap_vmap_in, 1,
          conf_compose_vmap_vmap_out, 1, 0)
static const int64_t conf_compose_vmap_vjp_in_0_shape[] = {5, 3};
static const double conf_compose_vmap_vjp_in_0_data[] = {
    1.8158788180755085, -0.9178291990623509, -0.22861662035303656, -0.7836332521552112,
    -0.03778280909247879, -0.47281432904705656, -0.5474850190188023, 0.4489157757434532,
    -0.449845983905793, -0.8129347357466937, -0.35704841683463884, -0.59862286915724,
    0.8527703737077613, 1.007956934432865, -0.5571340489484725};
static const conf_array conf_compose_vmap_vjp_in[] = {
    {2, conf_compose_vmap_vjp_in_0_shape,
     conf_compose_vmap_vjp_in_0_data}};
static const int64_t conf_compose_vmap_vjp_out_0_shape[] = {5, 3};
static const double conf_compose_vmap_vjp_out_0_data[] = {
    0.970117312890005, -0.794284631518627, -0.22663035554629185, -0.7058576998395563,
    -0.03777382031803836, -0.4553936550677356, -0.5205414952006499, 0.43398899205224606,
    -0.4348268456071347, -0.7263075481416146, -0.34951032549888045, -0.5635053432042353,
    0.7531059197307776, 0.8457434516606672, -0.5287558280746061};
static const int64_t conf_compose_vmap_vjp_out_1_shape[] = {5, 3};
static const double conf_compose_vmap_vjp_out_1_data[] = {
    0.12131817591675635, 0.759432275754929, 0.2434952106747894, -0.3541768299794648,
    1.2491078932198099, 0.22257254701052648, -0.4269181864755447, 1.126147716482969,
    0.22512852084133925, -0.3436849376654861, 1.1711656402181565, 0.20652810465229016,
    -0.32894964419590866, 0.6669871789119862, 0.21219349575875576};
static const conf_array conf_compose_vmap_vjp_out[] = {
    {2, conf_compose_vmap_vjp_out_0_shape,
     conf_compose_vmap_vjp_out_0_data},
    {2, conf_compose_vmap_vjp_out_1_shape,
     conf_compose_vmap_vjp_out_1_data}};
CONF_PROG(conf_compose_vmap_vjp,
          "test_eager_transforms.py TestComposability.test_vmap_vjp",
          CONF_STACK,
    "prog conf_compose_vmap_vjp\n"
    "in 5,3\n"
    "tf vmap 0 0,0 0\n"
    "tf vjp\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_compose_vmap_vjp_in, 1,
          conf_compose_vmap_vjp_out, 2, 0)
static const int64_t conf_compose_vjp_grad_in_0_shape[] = {0};
static const double conf_compose_vjp_grad_in_0_data[] = {
    0.7218238961708223};
static const conf_array conf_compose_vjp_grad_in[] = {
    {0, conf_compose_vjp_grad_in_0_shape,
     conf_compose_vjp_grad_in_0_data}};
static const int64_t conf_compose_vjp_grad_out_0_shape[] = {0};
static const double conf_compose_vjp_grad_out_0_data[] = {
    0.7506018301522895};
static const int64_t conf_compose_vjp_grad_out_1_shape[] = {0};
static const double conf_compose_vjp_grad_out_1_data[] = {
    0.33037739502424857};
static const conf_array conf_compose_vjp_grad_out[] = {
    {0, conf_compose_vjp_grad_out_0_shape,
     conf_compose_vjp_grad_out_0_data},
    {0, conf_compose_vjp_grad_out_1_shape,
     conf_compose_vjp_grad_out_1_data}};
CONF_PROG(conf_compose_vjp_grad,
          "test_eager_transforms.py TestComposability.test_vjp_grad",
          CONF_STACK,
    "prog conf_compose_vjp_grad\n"
    "in -\n"
    "tf vjp\n"
    "tf grad 0 sum\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_compose_vjp_grad_in, 1,
          conf_compose_vjp_grad_out, 2, 0)
static const int64_t conf_compose_vjp_vmap_in_0_shape[] = {3};
static const double conf_compose_vjp_vmap_in_0_data[] = {
    0.24359849569933134, -0.12667477593557977, 0.7808133139774703};
static const conf_array conf_compose_vjp_vmap_in[] = {
    {1, conf_compose_vjp_vmap_in_0_shape,
     conf_compose_vjp_vmap_in_0_data}};
static const int64_t conf_compose_vjp_vmap_out_0_shape[] = {3};
static const double conf_compose_vjp_vmap_out_0_data[] = {
    0.24119643538422908, -0.12633626653638252, 0.7038573824514136};
static const int64_t conf_compose_vjp_vmap_out_1_shape[] = {3};
static const double conf_compose_vjp_vmap_out_1_data[] = {
    -0.4852381579075221, 1.2399843419863514, 0.1775853289915591};
static const conf_array conf_compose_vjp_vmap_out[] = {
    {1, conf_compose_vjp_vmap_out_0_shape,
     conf_compose_vjp_vmap_out_0_data},
    {1, conf_compose_vjp_vmap_out_1_shape,
     conf_compose_vjp_vmap_out_1_data}};
CONF_PROG(conf_compose_vjp_vmap,
          "test_eager_transforms.py TestComposability.test_vjp_vmap",
          CONF_STACK,
    "prog conf_compose_vjp_vmap\n"
    "in 3\n"
    "tf vjp\n"
    "tf vmap 0 0 0\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_compose_vjp_vmap_in, 1,
          conf_compose_vjp_vmap_out, 2, 0)
static const int64_t conf_compose_vjp_vjp_in_0_shape[] = {3};
static const double conf_compose_vjp_vjp_in_0_data[] = {
    -0.9757855144349494, -0.34139921664035083, -0.3467426857260894};
static const conf_array conf_compose_vjp_vjp_in[] = {
    {1, conf_compose_vjp_vjp_in_0_shape,
     conf_compose_vjp_vjp_in_0_data}};
static const int64_t conf_compose_vjp_vjp_out_0_shape[] = {3};
static const double conf_compose_vjp_vjp_out_0_data[] = {
    -0.8281424383687748, -0.3348058832744974, -0.3398361616324538};
static const int64_t conf_compose_vjp_vjp_out_1_shape[] = {3};
static const double conf_compose_vjp_vjp_out_1_data[] = {
    -0.2802588543528198, 1.1778589026576887, 0.2351211633454814};
static const int64_t conf_compose_vjp_vjp_out_2_shape[] = {3};
static const double conf_compose_vjp_vjp_out_2_data[] = {
    -0.3837766591489166, 0.8639783870878474, 0.3200802037535948};
static const conf_array conf_compose_vjp_vjp_out[] = {
    {1, conf_compose_vjp_vjp_out_0_shape,
     conf_compose_vjp_vjp_out_0_data},
    {1, conf_compose_vjp_vjp_out_1_shape,
     conf_compose_vjp_vjp_out_1_data},
    {1, conf_compose_vjp_vjp_out_2_shape,
     conf_compose_vjp_vjp_out_2_data}};
CONF_PROG(conf_compose_vjp_vjp,
          "test_eager_transforms.py TestComposability.test_vjp_vjp",
          CONF_STACK,
    "prog conf_compose_vjp_vjp\n"
    "in 3\n"
    "tf vjp\n"
    "tf vjp\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_compose_vjp_vjp_in, 1,
          conf_compose_vjp_vjp_out, 3, 0)
static const int64_t conf_compose_grad_of_grad_in_0_shape[] = {2, 3};
static const double conf_compose_grad_of_grad_in_0_data[] = {
    -1.6599355935490998, 1.3836200219798915, -2.008985794870405, 0.6543768776099376,
    1.0406758740684212, -0.7908419857870314};
static const int64_t conf_compose_grad_of_grad_in_1_shape[] = {3};
static const double conf_compose_grad_of_grad_in_1_data[] = {
    1.7121519077405551, 0.5244131789660154, 0.5929804095220504};
static const conf_array conf_compose_grad_of_grad_in[] = {
    {2, conf_compose_grad_of_grad_in_0_shape,
     conf_compose_grad_of_grad_in_0_data},
    {1, conf_compose_grad_of_grad_in_1_shape,
     conf_compose_grad_of_grad_in_1_data}};
static const int64_t conf_compose_grad_of_grad_out_0_shape[] = {2, 3};
static const double conf_compose_grad_of_grad_out_0_data[] = {
    0.07864849594179794, -0.20989622154057488, 0.18085314827061275, -1.6461228990385877,
    -0.2058829906563112, 0.2487382469753033};
static const conf_array conf_compose_grad_of_grad_out[] = {
    {2, conf_compose_grad_of_grad_out_0_shape,
     conf_compose_grad_of_grad_out_0_data}};
CONF_PROG(conf_compose_grad_of_grad,
          "test_eager_transforms.py TestComposability.test_grad_grad (every pair: f(x, w) ="
          " sum(tanh(x * w)) over a batch)",
          CONF_STACK,
    "prog conf_compose_grad_of_grad\n"
    "in 2,3\n"
    "in 3\n"
    "tf grad 0 sum\n"
    "tf grad 0 sum\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_grad_of_grad_in, 2,
          conf_compose_grad_of_grad_out, 1, 0)
static const int64_t conf_compose_grad_of_vjp_in_0_shape[] = {2, 3};
static const double conf_compose_grad_of_vjp_in_0_data[] = {
    0.2000203439606057, 1.3340403501775535, -1.8166471448859298, -0.7258548437301261,
    -0.010168025050234628, -1.5608928384247738};
static const int64_t conf_compose_grad_of_vjp_in_1_shape[] = {3};
static const double conf_compose_grad_of_vjp_in_1_data[] = {
    0.7672959734078667, -0.13679614517038233, -1.1035469105187627};
static const conf_array conf_compose_grad_of_vjp_in[] = {
    {2, conf_compose_grad_of_vjp_in_0_shape,
     conf_compose_grad_of_vjp_in_0_data},
    {1, conf_compose_grad_of_vjp_in_1_shape,
     conf_compose_grad_of_vjp_in_1_data}};
static const int64_t conf_compose_grad_of_vjp_out_0_shape[] = {2, 3};
static const double conf_compose_grad_of_vjp_out_0_data[] = {
    0.7495027512454527, -0.13233967005698072, -0.07725480248706831, 0.5710675627417002,
    -0.13679588050677166, -0.13225497468734546};
static const int64_t conf_compose_grad_of_vjp_out_1_shape[] = {2, 3};
static const double conf_compose_grad_of_vjp_out_1_data[] = {
    -0.37475137562272637, 0.06616983502849036, 0.03862740124353416, 0.7138344534271253,
    -0.1709948506334646, -0.1653187183591818};
static const int64_t conf_compose_grad_of_vjp_out_2_shape[] = {3};
static const double conf_compose_grad_of_vjp_out_2_data[] = {
    -0.7729717283137942, -0.6580003384246594, -0.170244185879387};
static const conf_array conf_compose_grad_of_vjp_out[] = {
    {2, conf_compose_grad_of_vjp_out_0_shape,
     conf_compose_grad_of_vjp_out_0_data},
    {2, conf_compose_grad_of_vjp_out_1_shape,
     conf_compose_grad_of_vjp_out_1_data},
    {1, conf_compose_grad_of_vjp_out_2_shape,
     conf_compose_grad_of_vjp_out_2_data}};
CONF_PROG(conf_compose_grad_of_vjp,
          "test_eager_transforms.py TestComposability.test_grad_vjp (every pair: f(x, w) ="
          " sum(tanh(x * w)) over a batch)",
          CONF_STACK,
    "prog conf_compose_grad_of_vjp\n"
    "in 2,3\n"
    "in 3\n"
    "tf grad 0 sum\n"
    "tf vjp\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_grad_of_vjp_in, 2,
          conf_compose_grad_of_vjp_out, 3, 0)
static const int64_t conf_compose_grad_of_jvp_in_0_shape[] = {2, 3};
static const double conf_compose_grad_of_jvp_in_0_data[] = {
    0.7410224216769882, 1.13384582987311, 2.0043713651815582, 1.1879630491982978,
    -0.2954321236561969, 0.24233091615864505};
static const int64_t conf_compose_grad_of_jvp_in_1_shape[] = {3};
static const double conf_compose_grad_of_jvp_in_1_data[] = {
    0.3432016927462376, -1.225734562984372, 1.249334914642988};
static const conf_array conf_compose_grad_of_jvp_in[] = {
    {2, conf_compose_grad_of_jvp_in_0_shape,
     conf_compose_grad_of_jvp_in_0_data},
    {1, conf_compose_grad_of_jvp_in_1_shape,
     conf_compose_grad_of_jvp_in_1_data}};
static const int64_t conf_compose_grad_of_jvp_out_0_shape[] = {2, 3};
static const double conf_compose_grad_of_jvp_out_0_data[] = {
    0.32192705751084044, -0.2697709866708793, 0.032952863817190516, 0.29192620114785234,
    -1.0780759912531626, 1.141472631805871};
static const int64_t conf_compose_grad_of_jvp_out_1_shape[] = {2};
static const double conf_compose_grad_of_jvp_out_1_data[] = {
    -0.576163371163147, -1.5354056050006886};
static const conf_array conf_compose_grad_of_jvp_out[] = {
    {2, conf_compose_grad_of_jvp_out_0_shape,
     conf_compose_grad_of_jvp_out_0_data},
    {1, conf_compose_grad_of_jvp_out_1_shape,
     conf_compose_grad_of_jvp_out_1_data}};
CONF_PROG(conf_compose_grad_of_jvp,
          "test_eager_transforms.py TestComposability (every pair of transforms, grad of jvp)",
          CONF_STACK,
    "prog conf_compose_grad_of_jvp\n"
    "in 2,3\n"
    "in 3\n"
    "tf grad 0 sum\n"
    "tf jvp\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_grad_of_jvp_in, 2,
          conf_compose_grad_of_jvp_out, 2, 0)
static const int64_t conf_compose_grad_of_vmap_in_0_shape[] = {2, 3};
static const double conf_compose_grad_of_vmap_in_0_data[] = {
    0.02405489449522489, 1.191607280751824, 0.23374389652345015, -0.07959953563216862,
    -0.2863572529166869, -1.2658615908156805};
static const int64_t conf_compose_grad_of_vmap_in_1_shape[] = {3};
static const double conf_compose_grad_of_vmap_in_1_data[] = {
    -0.19805062896885361, -2.0061767989143173, 1.4926829827809796};
static const conf_array conf_compose_grad_of_vmap_in[] = {
    {2, conf_compose_grad_of_vmap_in_0_shape,
     conf_compose_grad_of_vmap_in_0_data},
    {1, conf_compose_grad_of_vmap_in_1_shape,
     conf_compose_grad_of_vmap_in_1_data}};
static const int64_t conf_compose_grad_of_vmap_out_0_shape[] = {2, 3};
static const double conf_compose_grad_of_vmap_out_0_data[] = {
    -0.19804613397585624, -0.06618328499611557, 1.3247617904303928, -0.19800141620066972,
    -1.4665316649280185, 0.13037180761982153};
static const conf_array conf_compose_grad_of_vmap_out[] = {
    {2, conf_compose_grad_of_vmap_out_0_shape,
     conf_compose_grad_of_vmap_out_0_data}};
CONF_PROG(conf_compose_grad_of_vmap,
          "test_eager_transforms.py TestComposability.test_grad_vmap (every pair: f(x, w) ="
          " sum(tanh(x * w)) over a batch)",
          CONF_STACK,
    "prog conf_compose_grad_of_vmap\n"
    "in 2,3\n"
    "in 3\n"
    "tf grad 0 sum\n"
    "tf vmap 0,- 0 0\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_grad_of_vmap_in, 2,
          conf_compose_grad_of_vmap_out, 1, 0)
static const int64_t conf_compose_grad_of_jacrev_in_0_shape[] = {2, 3};
static const double conf_compose_grad_of_jacrev_in_0_data[] = {
    -0.748113359502604, -1.0018633233607952, 1.6778961340101508, -0.1995857165474081,
    -0.7131761976055854, 1.9485789261177617};
static const int64_t conf_compose_grad_of_jacrev_in_1_shape[] = {3};
static const double conf_compose_grad_of_jacrev_in_1_data[] = {
    -0.6340630683196539, -2.856141635761011, 0.5809773034140927};
static const conf_array conf_compose_grad_of_jacrev_in[] = {
    {2, conf_compose_grad_of_jacrev_in_0_shape,
     conf_compose_grad_of_jacrev_in_0_data},
    {1, conf_compose_grad_of_jacrev_in_1_shape,
     conf_compose_grad_of_jacrev_in_1_data}};
static const int64_t conf_compose_grad_of_jacrev_out_0_shape[] = {2, 3};
static const double conf_compose_grad_of_jacrev_out_0_data[] = {
    -0.2858702600225726, -0.21063844587874986, -0.22112803723208144, -0.09961170387109752,
    -1.03744103166709, -0.1869108668698088};
static const conf_array conf_compose_grad_of_jacrev_out[] = {
    {2, conf_compose_grad_of_jacrev_out_0_shape,
     conf_compose_grad_of_jacrev_out_0_data}};
CONF_PROG(conf_compose_grad_of_jacrev,
          "test_eager_transforms.py TestComposability (every pair of transforms, grad of"
          " jacrev)",
          CONF_STACK,
    "prog conf_compose_grad_of_jacrev\n"
    "in 2,3\n"
    "in 3\n"
    "tf grad 0 sum\n"
    "tf jacrev 0 0\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_grad_of_jacrev_in, 2,
          conf_compose_grad_of_jacrev_out, 1, 0)
static const int64_t conf_compose_grad_of_jacfwd_in_0_shape[] = {2, 3};
static const double conf_compose_grad_of_jacfwd_in_0_data[] = {
    -0.18474758986146472, 1.596406480252111, 1.029671304396631, -1.6334606987370808,
    0.45036485541441623, 0.9014184379524337};
static const int64_t conf_compose_grad_of_jacfwd_in_1_shape[] = {3};
static const double conf_compose_grad_of_jacfwd_in_1_data[] = {
    2.4222868596882163, -1.5976665077821408, 1.3775203811196461};
static const conf_array conf_compose_grad_of_jacfwd_in[] = {
    {2, conf_compose_grad_of_jacfwd_in_0_shape,
     conf_compose_grad_of_jacfwd_in_0_data},
    {1, conf_compose_grad_of_jacfwd_in_1_shape,
     conf_compose_grad_of_jacfwd_in_1_data}};
static const int64_t conf_compose_grad_of_jacfwd_out_0_shape[] = {2, 3};
static const double conf_compose_grad_of_jacfwd_out_0_data[] = {
    4.05843798866303, 0.12137806258400513, -0.7060584744783425, 0.01714552371719673,
    1.951000086187624, -0.9129784098595607};
static const conf_array conf_compose_grad_of_jacfwd_out[] = {
    {2, conf_compose_grad_of_jacfwd_out_0_shape,
     conf_compose_grad_of_jacfwd_out_0_data}};
CONF_PROG(conf_compose_grad_of_jacfwd,
          "test_eager_transforms.py TestComposability (every pair of transforms, grad of"
          " jacfwd)",
          CONF_STACK,
    "prog conf_compose_grad_of_jacfwd\n"
    "in 2,3\n"
    "in 3\n"
    "tf grad 0 sum\n"
    "tf jacfwd 0 0\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_grad_of_jacfwd_in, 2,
          conf_compose_grad_of_jacfwd_out, 1, 0)
static const int64_t conf_compose_vjp_of_grad_in_0_shape[] = {2, 3};
static const double conf_compose_vjp_of_grad_in_0_data[] = {
    0.6287181892516999, 0.5762595609761727, -2.3897782999817485, -2.553384184972368,
    0.3325258555393089, -1.265670606016687};
static const int64_t conf_compose_vjp_of_grad_in_1_shape[] = {3};
static const double conf_compose_vjp_of_grad_in_1_data[] = {
    1.8402565292060686, -1.7033752188850295, 0.16633307521467486};
static const conf_array conf_compose_vjp_of_grad_in[] = {
    {2, conf_compose_vjp_of_grad_in_0_shape,
     conf_compose_vjp_of_grad_in_0_data},
    {1, conf_compose_vjp_of_grad_in_1_shape,
     conf_compose_vjp_of_grad_in_1_data}};
static const int64_t conf_compose_vjp_of_grad_out_0_shape[] = {2, 3};
static const double conf_compose_vjp_of_grad_out_0_data[] = {
    0.6026848649033134, -0.7356166942943919, 0.14259098718736907, 0.0006101960210068066,
    -1.2555844510838754, 0.15917367920053183};
static const int64_t conf_compose_vjp_of_grad_out_1_shape[] = {2, 3};
static const double conf_compose_vjp_of_grad_out_1_data[] = {
    0.9095250135947027, 2.361186277046419, 0.004480338673184103, -0.0016840965400891957,
    2.1931516079071325, 0.0};
static const int64_t conf_compose_vjp_of_grad_out_2_shape[] = {3};
static const double conf_compose_vjp_of_grad_out_2_data[] = {
    0.1490743172359576, 0.050000455488105056, 0.14994450518580602};
static const conf_array conf_compose_vjp_of_grad_out[] = {
    {2, conf_compose_vjp_of_grad_out_0_shape,
     conf_compose_vjp_of_grad_out_0_data},
    {2, conf_compose_vjp_of_grad_out_1_shape,
     conf_compose_vjp_of_grad_out_1_data},
    {1, conf_compose_vjp_of_grad_out_2_shape,
     conf_compose_vjp_of_grad_out_2_data}};
CONF_PROG(conf_compose_vjp_of_grad,
          "test_eager_transforms.py TestComposability.test_vjp_grad (every pair: f(x, w) ="
          " sum(tanh(x * w)) over a batch)",
          CONF_STACK,
    "prog conf_compose_vjp_of_grad\n"
    "in 2,3\n"
    "in 3\n"
    "tf vjp\n"
    "tf grad 0 sum\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_vjp_of_grad_in, 2,
          conf_compose_vjp_of_grad_out, 3, 0)
static const int64_t conf_compose_vjp_of_vjp_in_0_shape[] = {2, 3};
static const double conf_compose_vjp_of_vjp_in_0_data[] = {
    -0.45281588447247434, -0.5008956921239434, 0.3850727781963027, -0.6297470685011911,
    -0.26565873183185107, 0.24775824969342417};
static const int64_t conf_compose_vjp_of_vjp_in_1_shape[] = {3};
static const double conf_compose_vjp_of_vjp_in_1_data[] = {
    -0.7181927762153938, -0.9782640348232612, 0.1025411465078922};
static const conf_array conf_compose_vjp_of_vjp_in[] = {
    {2, conf_compose_vjp_of_vjp_in_0_shape,
     conf_compose_vjp_of_vjp_in_0_data},
    {1, conf_compose_vjp_of_vjp_in_1_shape,
     conf_compose_vjp_of_vjp_in_1_data}};
static const int64_t conf_compose_vjp_of_vjp_out_0_shape[] = {2};
static const double conf_compose_vjp_of_vjp_out_0_data[] = {
    0.8078976603433253, 0.7033585353056352};
static const int64_t conf_compose_vjp_of_vjp_out_1_shape[] = {2, 3};
static const double conf_compose_vjp_of_vjp_out_1_data[] = {
    0.32364368452834125, 0.38821502865267266, -0.05119071884529261, -0.73652282757386,
    -1.1438214919819778, 0.12809373914930142};
static const int64_t conf_compose_vjp_of_vjp_out_2_shape[] = {3};
static const double conf_compose_vjp_of_vjp_out_2_data[] = {
    -0.4417645245015134, -0.11184192369069137, 0.11726149642542627};
static const int64_t conf_compose_vjp_of_vjp_out_3_shape[] = {2, 3};
static const double conf_compose_vjp_of_vjp_out_3_data[] = {
    0.0016200457365886933, 0.129460007524502, 0.44688895343311313, -0.10411009306405239,
    -0.574970741571663, -1.1199880519862007};
static const int64_t conf_compose_vjp_of_vjp_out_4_shape[] = {3};
static const double conf_compose_vjp_of_vjp_out_4_data[] = {
    -0.8180323007353302, -0.9614584866522164, 0.5533346883713739};
static const conf_array conf_compose_vjp_of_vjp_out[] = {
    {1, conf_compose_vjp_of_vjp_out_0_shape,
     conf_compose_vjp_of_vjp_out_0_data},
    {2, conf_compose_vjp_of_vjp_out_1_shape,
     conf_compose_vjp_of_vjp_out_1_data},
    {1, conf_compose_vjp_of_vjp_out_2_shape,
     conf_compose_vjp_of_vjp_out_2_data},
    {2, conf_compose_vjp_of_vjp_out_3_shape,
     conf_compose_vjp_of_vjp_out_3_data},
    {1, conf_compose_vjp_of_vjp_out_4_shape,
     conf_compose_vjp_of_vjp_out_4_data}};
CONF_PROG(conf_compose_vjp_of_vjp,
          "test_eager_transforms.py TestComposability.test_vjp_vjp (every pair: f(x, w) ="
          " sum(tanh(x * w)) over a batch)",
          CONF_STACK,
    "prog conf_compose_vjp_of_vjp\n"
    "in 2,3\n"
    "in 3\n"
    "tf vjp\n"
    "tf vjp\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_vjp_of_vjp_in, 2,
          conf_compose_vjp_of_vjp_out, 5, 0)
static const int64_t conf_compose_vjp_of_jvp_in_0_shape[] = {2, 3};
static const double conf_compose_vjp_of_jvp_in_0_data[] = {
    -0.8503648303657829, 0.18142617104644423, -0.8672334141496569, -0.33754043832203673,
    -0.3202468599125831, 0.10670652799571353};
static const int64_t conf_compose_vjp_of_jvp_in_1_shape[] = {3};
static const double conf_compose_vjp_of_jvp_in_1_data[] = {
    0.7241200339151861, -0.8327475012288587, 1.6139952314490196};
static const conf_array conf_compose_vjp_of_jvp_in[] = {
    {2, conf_compose_vjp_of_jvp_in_0_shape,
     conf_compose_vjp_of_jvp_in_0_data},
    {1, conf_compose_vjp_of_jvp_in_1_shape,
     conf_compose_vjp_of_jvp_in_1_data}};
static const int64_t conf_compose_vjp_of_jvp_out_0_shape[] = {2};
static const double conf_compose_vjp_of_jvp_out_0_data[] = {
    -1.5834054832394653, 0.1914122717435704};
static const int64_t conf_compose_vjp_of_jvp_out_1_shape[] = {2};
static const double conf_compose_vjp_of_jvp_out_1_data[] = {
    -0.7424803122695984, -0.7043457868175117};
static const int64_t conf_compose_vjp_of_jvp_out_2_shape[] = {2, 3};
static const double conf_compose_vjp_of_jvp_out_2_data[] = {
    -0.4073363149793606, 0.7240570319037298, -0.31918972209706237, 0.9431130740738155,
    -1.659550689189849, 1.3022118548581076};
static const int64_t conf_compose_vjp_of_jvp_out_3_shape[] = {3};
static const double conf_compose_vjp_of_jvp_out_3_data[] = {
    -1.0014360786976195, -0.4459266247030483, 0.7960064116954619};
static const conf_array conf_compose_vjp_of_jvp_out[] = {
    {1, conf_compose_vjp_of_jvp_out_0_shape,
     conf_compose_vjp_of_jvp_out_0_data},
    {1, conf_compose_vjp_of_jvp_out_1_shape,
     conf_compose_vjp_of_jvp_out_1_data},
    {2, conf_compose_vjp_of_jvp_out_2_shape,
     conf_compose_vjp_of_jvp_out_2_data},
    {1, conf_compose_vjp_of_jvp_out_3_shape,
     conf_compose_vjp_of_jvp_out_3_data}};
CONF_PROG(conf_compose_vjp_of_jvp,
          "test_eager_transforms.py TestComposability (every pair of transforms, vjp of jvp)",
          CONF_STACK,
    "prog conf_compose_vjp_of_jvp\n"
    "in 2,3\n"
    "in 3\n"
    "tf vjp\n"
    "tf jvp\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_vjp_of_jvp_in, 2,
          conf_compose_vjp_of_jvp_out, 4, 0)
static const int64_t conf_compose_vjp_of_vmap_in_0_shape[] = {2, 3};
static const double conf_compose_vjp_of_vmap_in_0_data[] = {
    -0.9175516854780752, -0.16469937211214206, -0.7784455432766629, 0.4459084025070885,
    0.2820952501629367, -0.9470868261150144};
static const int64_t conf_compose_vjp_of_vmap_in_1_shape[] = {3};
static const double conf_compose_vjp_of_vmap_in_1_data[] = {
    0.6018937760852824, -0.42149198377649794, -0.12332985049421614};
static const conf_array conf_compose_vjp_of_vmap_in[] = {
    {2, conf_compose_vjp_of_vmap_in_0_shape,
     conf_compose_vjp_of_vmap_in_0_data},
    {1, conf_compose_vjp_of_vmap_in_1_shape,
     conf_compose_vjp_of_vmap_in_1_data}};
static const int64_t conf_compose_vjp_of_vmap_out_0_shape[] = {2};
static const double conf_compose_vjp_of_vmap_out_0_data[] = {
    -0.3371987255950831, 0.2600576658418927};
static const int64_t conf_compose_vjp_of_vmap_out_1_shape[] = {2, 3};
static const double conf_compose_vjp_of_vmap_out_1_data[] = {
    -0.2250410083270533, 0.2097336477915255, 0.061100029634198215, 0.7006721884608874,
    -0.5194861113231781, -0.15207803035232886};
static const int64_t conf_compose_vjp_of_vmap_out_2_shape[] = {3};
static const double conf_compose_vjp_of_vmap_out_2_data[] = {
    0.8621494246127362, 0.42963465878857793, -0.7821954939442697};
static const conf_array conf_compose_vjp_of_vmap_out[] = {
    {1, conf_compose_vjp_of_vmap_out_0_shape,
     conf_compose_vjp_of_vmap_out_0_data},
    {2, conf_compose_vjp_of_vmap_out_1_shape,
     conf_compose_vjp_of_vmap_out_1_data},
    {1, conf_compose_vjp_of_vmap_out_2_shape,
     conf_compose_vjp_of_vmap_out_2_data}};
CONF_PROG(conf_compose_vjp_of_vmap,
          "test_eager_transforms.py TestComposability.test_vjp_vmap (every pair: f(x, w) ="
          " sum(tanh(x * w)) over a batch)",
          CONF_STACK,
    "prog conf_compose_vjp_of_vmap\n"
    "in 2,3\n"
    "in 3\n"
    "tf vjp\n"
    "tf vmap 0,- 0 0\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_vjp_of_vmap_in, 2,
          conf_compose_vjp_of_vmap_out, 3, 0)
static const int64_t conf_compose_vjp_of_jacrev_in_0_shape[] = {2, 3};
static const double conf_compose_vjp_of_jacrev_in_0_data[] = {
    2.2020398006098656, -0.1937640141722139, 0.36483710875768677, 0.15206789318464362,
    0.6466927279909067, 0.02780292932846628};
static const int64_t conf_compose_vjp_of_jacrev_in_1_shape[] = {3};
static const double conf_compose_vjp_of_jacrev_in_1_data[] = {
    -0.7764056736600962, 0.9802381313746947, -1.3929066921615425};
static const conf_array conf_compose_vjp_of_jacrev_in[] = {
    {2, conf_compose_vjp_of_jacrev_in_0_shape,
     conf_compose_vjp_of_jacrev_in_0_data},
    {1, conf_compose_vjp_of_jacrev_in_1_shape,
     conf_compose_vjp_of_jacrev_in_1_data}};
static const int64_t conf_compose_vjp_of_jacrev_out_0_shape[] = {2, 2, 3};
static const double conf_compose_vjp_of_jacrev_out_0_data[] = {
    -0.09531608166281876, 0.9457091946094168, -1.0871364974650832, -0.0, 0.0, -0.0, -0.0, 0.0,
    -0.0, -0.7656826247276397, 0.6720217835302735, -1.3908197370404456};
static const int64_t conf_compose_vjp_of_jacrev_out_1_shape[] = {2, 3};
static const double conf_compose_vjp_of_jacrev_out_1_data[] = {
    -0.06931267383915685, 0.4349657079730118, 0.35474204710010365, -0.17465953304533566,
    -0.3693830663966985, -0.07498742015441669};
static const int64_t conf_compose_vjp_of_jacrev_out_2_shape[] = {3};
static const double conf_compose_vjp_of_jacrev_out_2_data[] = {
    -1.0633254960048837, 1.2190806522341742, -0.3955497809940607};
static const conf_array conf_compose_vjp_of_jacrev_out[] = {
    {3, conf_compose_vjp_of_jacrev_out_0_shape,
     conf_compose_vjp_of_jacrev_out_0_data},
    {2, conf_compose_vjp_of_jacrev_out_1_shape,
     conf_compose_vjp_of_jacrev_out_1_data},
    {1, conf_compose_vjp_of_jacrev_out_2_shape,
     conf_compose_vjp_of_jacrev_out_2_data}};
CONF_PROG(conf_compose_vjp_of_jacrev,
          "test_eager_transforms.py TestComposability (every pair of transforms, vjp of jacrev)",
          CONF_STACK,
    "prog conf_compose_vjp_of_jacrev\n"
    "in 2,3\n"
    "in 3\n"
    "tf vjp\n"
    "tf jacrev 0 0\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_vjp_of_jacrev_in, 2,
          conf_compose_vjp_of_jacrev_out, 3, 0)
static const int64_t conf_compose_vjp_of_jacfwd_in_0_shape[] = {2, 3};
static const double conf_compose_vjp_of_jacfwd_in_0_data[] = {
    -0.08193873121891339, 0.5723330294500518, -2.4538122924989723, 1.212933368295499,
    -0.23023248027993817, 1.0233755135190798};
static const int64_t conf_compose_vjp_of_jacfwd_in_1_shape[] = {3};
static const double conf_compose_vjp_of_jacfwd_in_1_data[] = {
    0.6633783779956219, -0.30468046220367145, -0.9930448326839386};
static const conf_array conf_compose_vjp_of_jacfwd_in[] = {
    {2, conf_compose_vjp_of_jacfwd_in_0_shape,
     conf_compose_vjp_of_jacfwd_in_0_data},
    {1, conf_compose_vjp_of_jacfwd_in_1_shape,
     conf_compose_vjp_of_jacfwd_in_1_data}};
static const int64_t conf_compose_vjp_of_jacfwd_out_0_shape[] = {2, 2, 3};
static const double conf_compose_vjp_of_jacfwd_out_0_data[] = {
    0.6614222037075845, -0.2956003884353771, -0.02991451659708162, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.36858540376171045, -0.30318614099214697, -0.4068076297083395};
static const int64_t conf_compose_vjp_of_jacfwd_out_1_shape[] = {2, 3};
static const double conf_compose_vjp_of_jacfwd_out_1_data[] = {
    -0.023826661728906007, 0.03886977264373075, -0.01462779778953867, 0.4074903814956405,
    -0.006469245445761503, -0.31039177558480263};
static const int64_t conf_compose_vjp_of_jacfwd_out_2_shape[] = {3};
static const double conf_compose_vjp_of_jacfwd_out_2_data[] = {
    -0.4450429181023213, 1.6323910870007965, 0.0864294180617873};
static const conf_array conf_compose_vjp_of_jacfwd_out[] = {
    {3, conf_compose_vjp_of_jacfwd_out_0_shape,
     conf_compose_vjp_of_jacfwd_out_0_data},
    {2, conf_compose_vjp_of_jacfwd_out_1_shape,
     conf_compose_vjp_of_jacfwd_out_1_data},
    {1, conf_compose_vjp_of_jacfwd_out_2_shape,
     conf_compose_vjp_of_jacfwd_out_2_data}};
CONF_PROG(conf_compose_vjp_of_jacfwd,
          "test_eager_transforms.py TestComposability (every pair of transforms, vjp of jacfwd)",
          CONF_STACK,
    "prog conf_compose_vjp_of_jacfwd\n"
    "in 2,3\n"
    "in 3\n"
    "tf vjp\n"
    "tf jacfwd 0 0\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_vjp_of_jacfwd_in, 2,
          conf_compose_vjp_of_jacfwd_out, 3, 0)
static const int64_t conf_compose_jvp_of_grad_in_0_shape[] = {2, 3};
static const double conf_compose_jvp_of_grad_in_0_data[] = {
    -0.9632331182052167, 0.6579163363172343, 0.14657462042873515, -0.1821435280936488,
    0.5378525931414673, -0.8876690861718507};
static const int64_t conf_compose_jvp_of_grad_in_1_shape[] = {3};
static const double conf_compose_jvp_of_grad_in_1_data[] = {
    0.4378199664617161, 0.23603253436715824, -1.1203057634951896};
static const conf_array conf_compose_jvp_of_grad_in[] = {
    {2, conf_compose_jvp_of_grad_in_0_shape,
     conf_compose_jvp_of_grad_in_0_data},
    {1, conf_compose_jvp_of_grad_in_1_shape,
     conf_compose_jvp_of_grad_in_1_data}};
static const int64_t conf_compose_jvp_of_grad_out_0_shape[] = {2, 3};
static const double conf_compose_jvp_of_grad_out_0_data[] = {
    0.368334788470541, 0.23043090979461336, -1.0906322464023006, 0.43504744024740066,
    0.23226902145091027, -0.474480063699951};
static const int64_t conf_compose_jvp_of_grad_out_1_shape[] = {2, 3};
static const double conf_compose_jvp_of_grad_out_1_data[] = {
    -0.43991549889796405, 1.1535677831227922, 0.03151733603617299, -0.4526346276442701,
    1.1871704163510912, 0.5513790981333575};
static const conf_array conf_compose_jvp_of_grad_out[] = {
    {2, conf_compose_jvp_of_grad_out_0_shape,
     conf_compose_jvp_of_grad_out_0_data},
    {2, conf_compose_jvp_of_grad_out_1_shape,
     conf_compose_jvp_of_grad_out_1_data}};
CONF_PROG(conf_compose_jvp_of_grad,
          "test_eager_transforms.py TestComposability (every pair of transforms, jvp of grad)",
          CONF_STACK,
    "prog conf_compose_jvp_of_grad\n"
    "in 2,3\n"
    "in 3\n"
    "tf jvp\n"
    "tf grad 0 sum\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_jvp_of_grad_in, 2,
          conf_compose_jvp_of_grad_out, 2, 0)
static const int64_t conf_compose_jvp_of_vjp_in_0_shape[] = {2, 3};
static const double conf_compose_jvp_of_vjp_in_0_data[] = {
    1.0760775331715242, -1.0627066540241024, -0.6391198976628679, -0.39478907638787364,
    0.4675031404050295, 1.3409708300398915};
static const int64_t conf_compose_jvp_of_vjp_in_1_shape[] = {3};
static const double conf_compose_jvp_of_vjp_in_1_data[] = {
    1.4021148487326942, -0.5914014488784873, 1.3813845873473887};
static const conf_array conf_compose_jvp_of_vjp_in[] = {
    {2, conf_compose_jvp_of_vjp_in_0_shape,
     conf_compose_jvp_of_vjp_in_0_data},
    {1, conf_compose_jvp_of_vjp_in_1_shape,
     conf_compose_jvp_of_vjp_in_1_data}};
static const int64_t conf_compose_jvp_of_vjp_out_0_shape[] = {2};
static const double conf_compose_jvp_of_vjp_out_0_data[] = {
    0.7558776907849997, 0.1791567450963829};
static const int64_t conf_compose_jvp_of_vjp_out_1_shape[] = {2, 3};
static const double conf_compose_jvp_of_vjp_out_1_data[] = {
    -0.12468535748341184, 0.20395690435761862, -0.3446155126197847, 1.308912025578513,
    -0.6855015736906495, 0.16188264869531932};
static const int64_t conf_compose_jvp_of_vjp_out_2_shape[] = {3};
static const double conf_compose_jvp_of_vjp_out_2_data[] = {
    -0.46423820569535595, 0.9083854949404215, 0.3165885481525449};
static const int64_t conf_compose_jvp_of_vjp_out_3_shape[] = {2};
static const double conf_compose_jvp_of_vjp_out_3_data[] = {
    -1.9519391309741487, 1.795419280356978};
static const int64_t conf_compose_jvp_of_vjp_out_4_shape[] = {2, 3};
static const double conf_compose_jvp_of_vjp_out_4_data[] = {
    -0.4734832761201758, -0.06207726780815159, 0.35255655882573084, 2.101838988603529,
    1.287513943844671, 0.2452930824255436};
static const int64_t conf_compose_jvp_of_vjp_out_5_shape[] = {3};
static const double conf_compose_jvp_of_vjp_out_5_data[] = {
    0.1573265110107981, 0.9079992504443559, 0.054549319564304366};
static const conf_array conf_compose_jvp_of_vjp_out[] = {
    {1, conf_compose_jvp_of_vjp_out_0_shape,
     conf_compose_jvp_of_vjp_out_0_data},
    {2, conf_compose_jvp_of_vjp_out_1_shape,
     conf_compose_jvp_of_vjp_out_1_data},
    {1, conf_compose_jvp_of_vjp_out_2_shape,
     conf_compose_jvp_of_vjp_out_2_data},
    {1, conf_compose_jvp_of_vjp_out_3_shape,
     conf_compose_jvp_of_vjp_out_3_data},
    {2, conf_compose_jvp_of_vjp_out_4_shape,
     conf_compose_jvp_of_vjp_out_4_data},
    {1, conf_compose_jvp_of_vjp_out_5_shape,
     conf_compose_jvp_of_vjp_out_5_data}};
CONF_PROG(conf_compose_jvp_of_vjp,
          "test_eager_transforms.py TestComposability (every pair of transforms, jvp of vjp)",
          CONF_STACK,
    "prog conf_compose_jvp_of_vjp\n"
    "in 2,3\n"
    "in 3\n"
    "tf jvp\n"
    "tf vjp\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_jvp_of_vjp_in, 2,
          conf_compose_jvp_of_vjp_out, 6, 0)
static const int64_t conf_compose_jvp_of_jvp_in_0_shape[] = {2, 3};
static const double conf_compose_jvp_of_jvp_in_0_data[] = {
    -1.2788928807681335, -0.9737860101029852, 0.13707783515331717, 0.2907061443715503,
    -0.27489805858137106, 0.4158062437599179};
static const int64_t conf_compose_jvp_of_jvp_in_1_shape[] = {3};
static const double conf_compose_jvp_of_jvp_in_1_data[] = {
    -0.7707261286109135, 0.819493372429873, -0.22164556729633325};
static const conf_array conf_compose_jvp_of_jvp_in[] = {
    {2, conf_compose_jvp_of_jvp_in_0_shape,
     conf_compose_jvp_of_jvp_in_0_data},
    {1, conf_compose_jvp_of_jvp_in_1_shape,
     conf_compose_jvp_of_jvp_in_1_data}};
static const int64_t conf_compose_jvp_of_jvp_out_0_shape[] = {2};
static const double conf_compose_jvp_of_jvp_out_0_data[] = {
    0.06221579125801231, -0.5338229615926559};
static const int64_t conf_compose_jvp_of_jvp_out_1_shape[] = {2};
static const double conf_compose_jvp_of_jvp_out_1_data[] = {
    0.38028249454491986, -0.9189469931697455};
static const int64_t conf_compose_jvp_of_jvp_out_2_shape[] = {2};
static const double conf_compose_jvp_of_jvp_out_2_data[] = {
    0.38028249454491986, -0.9189469931697455};
static const int64_t conf_compose_jvp_of_jvp_out_3_shape[] = {2};
static const double conf_compose_jvp_of_jvp_out_3_data[] = {
    -0.1929200158929834, -0.4298527933471946};
static const conf_array conf_compose_jvp_of_jvp_out[] = {
    {1, conf_compose_jvp_of_jvp_out_0_shape,
     conf_compose_jvp_of_jvp_out_0_data},
    {1, conf_compose_jvp_of_jvp_out_1_shape,
     conf_compose_jvp_of_jvp_out_1_data},
    {1, conf_compose_jvp_of_jvp_out_2_shape,
     conf_compose_jvp_of_jvp_out_2_data},
    {1, conf_compose_jvp_of_jvp_out_3_shape,
     conf_compose_jvp_of_jvp_out_3_data}};
CONF_PROG(conf_compose_jvp_of_jvp,
          "test_eager_transforms.py TestComposability (every pair of transforms, jvp of jvp)",
          CONF_STACK,
    "prog conf_compose_jvp_of_jvp\n"
    "in 2,3\n"
    "in 3\n"
    "tf jvp\n"
    "tf jvp\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_jvp_of_jvp_in, 2,
          conf_compose_jvp_of_jvp_out, 4, 0)
static const int64_t conf_compose_jvp_of_vmap_in_0_shape[] = {2, 3};
static const double conf_compose_jvp_of_vmap_in_0_data[] = {
    0.13828324455506977, 1.025398383500541, 0.9339398342481252, -1.090451133176991,
    0.3533669308326701, 0.6868466160154668};
static const int64_t conf_compose_jvp_of_vmap_in_1_shape[] = {3};
static const double conf_compose_jvp_of_vmap_in_1_data[] = {
    2.00552332960262, -1.906689713736711, 0.1753659810264467};
static const conf_array conf_compose_jvp_of_vmap_in[] = {
    {2, conf_compose_jvp_of_vmap_in_0_shape,
     conf_compose_jvp_of_vmap_in_0_data},
    {1, conf_compose_jvp_of_vmap_in_1_shape,
     conf_compose_jvp_of_vmap_in_1_data}};
static const int64_t conf_compose_jvp_of_vmap_out_0_shape[] = {2};
static const double conf_compose_jvp_of_vmap_out_0_data[] = {
    -0.5279506669967675, -1.442686541441502};
static const int64_t conf_compose_jvp_of_vmap_out_1_shape[] = {2};
static const double conf_compose_jvp_of_vmap_out_1_data[] = {
    -2.220394728240468, 0.1667651899610827};
static const conf_array conf_compose_jvp_of_vmap_out[] = {
    {1, conf_compose_jvp_of_vmap_out_0_shape,
     conf_compose_jvp_of_vmap_out_0_data},
    {1, conf_compose_jvp_of_vmap_out_1_shape,
     conf_compose_jvp_of_vmap_out_1_data}};
CONF_PROG(conf_compose_jvp_of_vmap,
          "test_eager_transforms.py TestComposability (every pair of transforms, jvp of vmap)",
          CONF_STACK,
    "prog conf_compose_jvp_of_vmap\n"
    "in 2,3\n"
    "in 3\n"
    "tf jvp\n"
    "tf vmap 0,- 0 0\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_jvp_of_vmap_in, 2,
          conf_compose_jvp_of_vmap_out, 2, 0)
static const int64_t conf_compose_jvp_of_jacrev_in_0_shape[] = {2, 3};
static const double conf_compose_jvp_of_jacrev_in_0_data[] = {
    0.0621416801274454, 0.4081357817784017, -1.6688684960590434, -0.22286539137694564,
    0.5178337513108845, -0.2649725733712969};
static const int64_t conf_compose_jvp_of_jacrev_in_1_shape[] = {3};
static const double conf_compose_jvp_of_jacrev_in_1_data[] = {
    -0.2793644336625661, 0.9000526034596806, -0.7674016962850464};
static const conf_array conf_compose_jvp_of_jacrev_in[] = {
    {2, conf_compose_jvp_of_jacrev_in_0_shape,
     conf_compose_jvp_of_jacrev_in_0_data},
    {1, conf_compose_jvp_of_jacrev_in_1_shape,
     conf_compose_jvp_of_jacrev_in_1_data}};
static const int64_t conf_compose_jvp_of_jacrev_out_0_shape[] = {2, 2, 3};
static const double conf_compose_jvp_of_jacrev_out_0_data[] = {
    -0.2792802569278956, 0.7887439765210608, -0.2042191623350405, -0.0, 0.0, -0.0, -0.0, 0.0,
    -0.0, -0.278284300518686, 0.729720837998462, -0.7365262669007729};
static const int64_t conf_compose_jvp_of_jacrev_out_1_shape[] = {2, 2, 3};
static const double conf_compose_jvp_of_jacrev_out_1_data[] = {
    -0.5029338920091506, 0.5627459457765492, 0.0548021907729114, -0.0, 0.0, 0.0, -0.0, 0.0, 0.0,
    -0.5062955560909616, 0.45962127018709653, 0.39042683062187};
static const conf_array conf_compose_jvp_of_jacrev_out[] = {
    {3, conf_compose_jvp_of_jacrev_out_0_shape,
     conf_compose_jvp_of_jacrev_out_0_data},
    {3, conf_compose_jvp_of_jacrev_out_1_shape,
     conf_compose_jvp_of_jacrev_out_1_data}};
CONF_PROG(conf_compose_jvp_of_jacrev,
          "test_eager_transforms.py TestComposability (every pair of transforms, jvp of jacrev)",
          CONF_STACK,
    "prog conf_compose_jvp_of_jacrev\n"
    "in 2,3\n"
    "in 3\n"
    "tf jvp\n"
    "tf jacrev 0 0\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_jvp_of_jacrev_in, 2,
          conf_compose_jvp_of_jacrev_out, 2, 0)
static const int64_t conf_compose_jvp_of_jacfwd_in_0_shape[] = {2, 3};
static const double conf_compose_jvp_of_jacfwd_in_0_data[] = {
    2.5422192726438353, -0.6954337875638743, -1.2161672526628984, -0.6865841875660885,
    -2.005624829118181, 3.2267055154362896};
static const int64_t conf_compose_jvp_of_jacfwd_in_1_shape[] = {3};
static const double conf_compose_jvp_of_jacfwd_in_1_data[] = {
    -0.7628613368542516, -0.8231328211843761, 0.5842975314881926};
static const conf_array conf_compose_jvp_of_jacfwd_in[] = {
    {2, conf_compose_jvp_of_jacfwd_in_0_shape,
     conf_compose_jvp_of_jacfwd_in_0_data},
    {1, conf_compose_jvp_of_jacfwd_in_1_shape,
     conf_compose_jvp_of_jacfwd_in_1_data}};
static const int64_t conf_compose_jvp_of_jacfwd_out_0_shape[] = {2, 2, 3};
static const double conf_compose_jvp_of_jacfwd_out_0_data[] = {
    -0.06056494835699464, -0.602995169418859, 0.3661276152290727, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    -0.5866559571393085, -0.11276539314117155, 0.051441429821947285};
static const int64_t conf_compose_jvp_of_jacfwd_out_1_shape[] = {2, 2, 3};
static const double conf_compose_jvp_of_jacfwd_out_1_data[] = {
    -0.002791557203290357, 0.11686622159443794, -0.11011157570463423, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, -0.7286482370763929, -0.3971274830040712, -0.014190451074029133};
static const conf_array conf_compose_jvp_of_jacfwd_out[] = {
    {3, conf_compose_jvp_of_jacfwd_out_0_shape,
     conf_compose_jvp_of_jacfwd_out_0_data},
    {3, conf_compose_jvp_of_jacfwd_out_1_shape,
     conf_compose_jvp_of_jacfwd_out_1_data}};
CONF_PROG(conf_compose_jvp_of_jacfwd,
          "test_eager_transforms.py TestComposability (every pair of transforms, jvp of jacfwd)",
          CONF_STACK,
    "prog conf_compose_jvp_of_jacfwd\n"
    "in 2,3\n"
    "in 3\n"
    "tf jvp\n"
    "tf jacfwd 0 0\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_jvp_of_jacfwd_in, 2,
          conf_compose_jvp_of_jacfwd_out, 2, 0)
static const int64_t conf_compose_vmap_of_grad_in_0_shape[] = {2, 3};
static const double conf_compose_vmap_of_grad_in_0_data[] = {
    -0.4316083708257048, 1.8233831864842456, 1.5619464429658396, 0.004965374794901813,
    -1.1351119823903217, -0.19127280388381132};
static const int64_t conf_compose_vmap_of_grad_in_1_shape[] = {3};
static const double conf_compose_vmap_of_grad_in_1_data[] = {
    1.0774062096114358, -0.5092276100508893, -1.2533877942209652};
static const conf_array conf_compose_vmap_of_grad_in[] = {
    {2, conf_compose_vmap_of_grad_in_0_shape,
     conf_compose_vmap_of_grad_in_0_data},
    {1, conf_compose_vmap_of_grad_in_1_shape,
     conf_compose_vmap_of_grad_in_1_data}};
static const int64_t conf_compose_vmap_of_grad_out_0_shape[] = {2, 3};
static const double conf_compose_vmap_of_grad_out_0_data[] = {
    0.8743161336177976, -0.23793325576714822, -0.09606061785145877, 1.0773753753033548,
    -0.37087902529968236, -1.1840225696043596};
static const conf_array conf_compose_vmap_of_grad_out[] = {
    {2, conf_compose_vmap_of_grad_out_0_shape,
     conf_compose_vmap_of_grad_out_0_data}};
CONF_PROG(conf_compose_vmap_of_grad,
          "test_eager_transforms.py TestComposability.test_vmap_grad (every pair: f(x, w) ="
          " sum(tanh(x * w)) over a batch)",
          CONF_STACK,
    "prog conf_compose_vmap_of_grad\n"
    "in 2,3\n"
    "in 3\n"
    "tf vmap 0,- 0 0\n"
    "tf grad 0 sum\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_vmap_of_grad_in, 2,
          conf_compose_vmap_of_grad_out, 1, 0)
static const int64_t conf_compose_vmap_of_vjp_in_0_shape[] = {2, 3};
static const double conf_compose_vmap_of_vjp_in_0_data[] = {
    1.7699761206483717, 0.6497932970037483, -0.7990783352637039, -1.4378318508532404,
    0.803857092284033, 0.430609718809792};
static const int64_t conf_compose_vmap_of_vjp_in_1_shape[] = {3};
static const double conf_compose_vmap_of_vjp_in_1_data[] = {
    1.8844433804907912, 0.9982817741811961, 1.3594208720844023};
static const conf_array conf_compose_vmap_of_vjp_in[] = {
    {2, conf_compose_vmap_of_vjp_in_0_shape,
     conf_compose_vmap_of_vjp_in_0_data},
    {1, conf_compose_vmap_of_vjp_in_1_shape,
     conf_compose_vmap_of_vjp_in_1_data}};
static const int64_t conf_compose_vmap_of_vjp_out_0_shape[] = {2};
static const double conf_compose_vmap_of_vjp_out_0_data[] = {
    0.7727293141376852, 0.20080708325502827};
static const int64_t conf_compose_vmap_of_vjp_out_1_shape[] = {2, 3};
static const double conf_compose_vmap_of_vjp_out_1_data[] = {
    -0.0047643557140654045, -0.33652671280742236, -0.24955671058974352, -0.016554635846343854,
    -0.278130295977418, -0.491246929036532};
static const int64_t conf_compose_vmap_of_vjp_out_2_shape[] = {2, 3};
static const double conf_compose_vmap_of_vjp_out_2_data[] = {
    -0.004474953151404379, -0.219049178198537, 0.14669140730947752, 0.012631200780864375,
    -0.22396182799579362, -0.1556072194582733};
static const conf_array conf_compose_vmap_of_vjp_out[] = {
    {1, conf_compose_vmap_of_vjp_out_0_shape,
     conf_compose_vmap_of_vjp_out_0_data},
    {2, conf_compose_vmap_of_vjp_out_1_shape,
     conf_compose_vmap_of_vjp_out_1_data},
    {2, conf_compose_vmap_of_vjp_out_2_shape,
     conf_compose_vmap_of_vjp_out_2_data}};
CONF_PROG(conf_compose_vmap_of_vjp,
          "test_eager_transforms.py TestComposability.test_vmap_vjp (every pair: f(x, w) ="
          " sum(tanh(x * w)) over a batch)",
          CONF_STACK,
    "prog conf_compose_vmap_of_vjp\n"
    "in 2,3\n"
    "in 3\n"
    "tf vmap 0,- 0,0,0 0\n"
    "tf vjp\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_vmap_of_vjp_in, 2,
          conf_compose_vmap_of_vjp_out, 3, 0)
static const int64_t conf_compose_vmap_of_jvp_in_0_shape[] = {2, 3};
static const double conf_compose_vmap_of_jvp_in_0_data[] = {
    1.243332572460851, -0.14636622076296757, -0.5304721962519359, 0.7146190970697803,
    -0.8298176335829333, -0.4703213949780936};
static const int64_t conf_compose_vmap_of_jvp_in_1_shape[] = {3};
static const double conf_compose_vmap_of_jvp_in_1_data[] = {
    0.48925325254132707, -0.7888500387499566, 0.834374532399449};
static const conf_array conf_compose_vmap_of_jvp_in[] = {
    {2, conf_compose_vmap_of_jvp_in_0_shape,
     conf_compose_vmap_of_jvp_in_0_data},
    {1, conf_compose_vmap_of_jvp_in_1_shape,
     conf_compose_vmap_of_jvp_in_1_data}};
static const int64_t conf_compose_vmap_of_jvp_out_0_shape[] = {2};
static const double conf_compose_vmap_of_jvp_out_0_data[] = {
    0.24207554744313287, 0.5373585288043763};
static const int64_t conf_compose_vmap_of_jvp_out_1_shape[] = {2};
static const double conf_compose_vmap_of_jvp_out_1_data[] = {
    -1.8942054451535757, -2.2783881002801865};
static const conf_array conf_compose_vmap_of_jvp_out[] = {
    {1, conf_compose_vmap_of_jvp_out_0_shape,
     conf_compose_vmap_of_jvp_out_0_data},
    {1, conf_compose_vmap_of_jvp_out_1_shape,
     conf_compose_vmap_of_jvp_out_1_data}};
CONF_PROG(conf_compose_vmap_of_jvp,
          "test_eager_transforms.py TestComposability (every pair of transforms, vmap of jvp)",
          CONF_STACK,
    "prog conf_compose_vmap_of_jvp\n"
    "in 2,3\n"
    "in 3\n"
    "tf vmap 0,- 0,0 0\n"
    "tf jvp\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_vmap_of_jvp_in, 2,
          conf_compose_vmap_of_jvp_out, 2, 0)
static const int64_t conf_compose_vmap_of_vmap_in_0_shape[] = {2, 3};
static const double conf_compose_vmap_of_vmap_in_0_data[] = {
    -1.1636194554661021, -0.7104767792521076, 0.32129791714023503, -0.20085254323504978,
    -1.3279792983054757, 0.03868724349874659};
static const int64_t conf_compose_vmap_of_vmap_in_1_shape[] = {3};
static const double conf_compose_vmap_of_vmap_in_1_data[] = {
    0.125673349512097, -1.0746817591900006, -0.7369869508941637};
static const conf_array conf_compose_vmap_of_vmap_in[] = {
    {2, conf_compose_vmap_of_vmap_in_0_shape,
     conf_compose_vmap_of_vmap_in_0_data},
    {1, conf_compose_vmap_of_vmap_in_1_shape,
     conf_compose_vmap_of_vmap_in_1_data}};
static const int64_t conf_compose_vmap_of_vmap_out_0_shape[] = {2, 3};
static const double conf_compose_vmap_of_vmap_out_0_data[] = {
    1.39823195517049, 1.0345868384834251, -0.5243016313796655, 0.33427901116703074,
    1.4782269815044793, -0.06519488789516556};
static const conf_array conf_compose_vmap_of_vmap_out[] = {
    {2, conf_compose_vmap_of_vmap_out_0_shape,
     conf_compose_vmap_of_vmap_out_0_data}};
CONF_PROG(conf_compose_vmap_of_vmap,
          "test_eager_transforms.py TestComposability.test_vmap_vmap (every pair: f(x, w) ="
          " sum(tanh(x * w)) over a batch)",
          CONF_STACK,
    "prog conf_compose_vmap_of_vmap\n"
    "in 2,3\n"
    "in 3\n"
    "tf vmap 0,- 0 0\n"
    "tf vmap 0,- 0 0\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_vmap_of_vmap_in, 2,
          conf_compose_vmap_of_vmap_out, 1, 0)
static const int64_t conf_compose_vmap_of_jacrev_in_0_shape[] = {2, 3};
static const double conf_compose_vmap_of_jacrev_in_0_data[] = {
    -1.4015787716596189, 0.7121314187207193, -0.046190974034964194, 0.5882519571140002,
    0.040150919395256, 0.1351285513465905};
static const int64_t conf_compose_vmap_of_jacrev_in_1_shape[] = {3};
static const double conf_compose_vmap_of_jacrev_in_1_data[] = {
    -3.175184536793692, -0.9614865730083193, -0.7731579128398254};
static const conf_array conf_compose_vmap_of_jacrev_in[] = {
    {2, conf_compose_vmap_of_jacrev_in_0_shape,
     conf_compose_vmap_of_jacrev_in_0_data},
    {1, conf_compose_vmap_of_jacrev_in_1_shape,
     conf_compose_vmap_of_jacrev_in_1_data}};
static const int64_t conf_compose_vmap_of_jacrev_out_0_shape[] = {2, 3};
static const double conf_compose_vmap_of_jacrev_out_0_data[] = {
    -0.0017308286729039164, -0.621588680253929, -0.7721726554614627, -0.289062173189599,
    -0.9600550797060452, -0.7647797921054792};
static const conf_array conf_compose_vmap_of_jacrev_out[] = {
    {2, conf_compose_vmap_of_jacrev_out_0_shape,
     conf_compose_vmap_of_jacrev_out_0_data}};
CONF_PROG(conf_compose_vmap_of_jacrev,
          "test_eager_transforms.py TestComposability (every pair of transforms, vmap of"
          " jacrev)",
          CONF_STACK,
    "prog conf_compose_vmap_of_jacrev\n"
    "in 2,3\n"
    "in 3\n"
    "tf vmap 0,- 0 0\n"
    "tf jacrev 0 0\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_vmap_of_jacrev_in, 2,
          conf_compose_vmap_of_jacrev_out, 1, 0)
static const int64_t conf_compose_vmap_of_jacfwd_in_0_shape[] = {2, 3};
static const double conf_compose_vmap_of_jacfwd_in_0_data[] = {
    0.8574794712685992, 0.42116049436820585, -0.9524417242599852, -1.7708239194797377,
    -1.3693033871320826, -1.8020331395163922};
static const int64_t conf_compose_vmap_of_jacfwd_in_1_shape[] = {3};
static const double conf_compose_vmap_of_jacfwd_in_1_data[] = {
    0.5369937251905968, 0.07765812489932084, -0.896831187315846};
static const conf_array conf_compose_vmap_of_jacfwd_in[] = {
    {2, conf_compose_vmap_of_jacfwd_in_0_shape,
     conf_compose_vmap_of_jacfwd_in_0_data},
    {1, conf_compose_vmap_of_jacfwd_in_1_shape,
     conf_compose_vmap_of_jacfwd_in_1_data}};
static const int64_t conf_compose_vmap_of_jacfwd_out_0_shape[] = {2, 3};
static const double conf_compose_vmap_of_jacfwd_out_0_data[] = {
    0.4374910636626371, 0.07757511185974822, -0.46582231895645704, 0.24277708984562063,
    0.07678656995775536, -0.13104003727928434};
static const conf_array conf_compose_vmap_of_jacfwd_out[] = {
    {2, conf_compose_vmap_of_jacfwd_out_0_shape,
     conf_compose_vmap_of_jacfwd_out_0_data}};
CONF_PROG(conf_compose_vmap_of_jacfwd,
          "test_eager_transforms.py TestComposability (every pair of transforms, vmap of"
          " jacfwd)",
          CONF_STACK,
    "prog conf_compose_vmap_of_jacfwd\n"
    "in 2,3\n"
    "in 3\n"
    "tf vmap 0,- 0 0\n"
    "tf jacfwd 0 0\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_vmap_of_jacfwd_in, 2,
          conf_compose_vmap_of_jacfwd_out, 1, 0)
static const int64_t conf_compose_jacrev_of_grad_in_0_shape[] = {2, 3};
static const double conf_compose_jacrev_of_grad_in_0_data[] = {
    0.7139129380560923, -2.396595465053273, -0.9213924591979896, 0.19645778376392328,
    -1.331401076206689, -2.379404780283689};
static const int64_t conf_compose_jacrev_of_grad_in_1_shape[] = {3};
static const double conf_compose_jacrev_of_grad_in_1_data[] = {
    0.38274562521666633, 1.5257193566366514, -1.7292630333768932};
static const conf_array conf_compose_jacrev_of_grad_in[] = {
    {2, conf_compose_jacrev_of_grad_in_0_shape,
     conf_compose_jacrev_of_grad_in_0_data},
    {1, conf_compose_jacrev_of_grad_in_1_shape,
     conf_compose_jacrev_of_grad_in_1_data}};
static const int64_t conf_compose_jacrev_of_grad_out_0_shape[] = {2, 3, 2, 3};
static const double conf_compose_jacrev_of_grad_out_0_data[] = {
    -0.07256900901183072, 0.0, -0.0, -0.0, 0.0, -0.0, -0.0, 0.012383909582976879, -0.0, -0.0, 0.0,
    -0.0, -0.0, 0.0, -0.8390774389178742, -0.0, 0.0, -0.0, -0.0, 0.0, -0.0, -0.021865494615002878,
    0.0, -0.0, -0.0, 0.0, -0.0, -0.0, 0.29914201521857603, -0.0, -0.0, 0.0, -0.0, -0.0, 0.0,
    -0.006374381864417597};
static const conf_array conf_compose_jacrev_of_grad_out[] = {
    {4, conf_compose_jacrev_of_grad_out_0_shape,
     conf_compose_jacrev_of_grad_out_0_data}};
CONF_PROG(conf_compose_jacrev_of_grad,
          "test_eager_transforms.py TestComposability (every pair of transforms, jacrev of"
          " grad)",
          CONF_STACK,
    "prog conf_compose_jacrev_of_grad\n"
    "in 2,3\n"
    "in 3\n"
    "tf jacrev 0 0\n"
    "tf grad 0 sum\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_jacrev_of_grad_in, 2,
          conf_compose_jacrev_of_grad_out, 1, 0)
static const int64_t conf_compose_jacrev_of_vjp_in_0_shape[] = {2, 3};
static const double conf_compose_jacrev_of_vjp_in_0_data[] = {
    -0.4558407263212893, -2.0550754628309837, -0.3148277630330957, -0.43714793052867046,
    -0.9758419795918374, -0.5118340862777433};
static const int64_t conf_compose_jacrev_of_vjp_in_1_shape[] = {3};
static const double conf_compose_jacrev_of_vjp_in_1_data[] = {
    1.1823406963118526, -0.11325109164735118, -0.2605555211245033};
static const conf_array conf_compose_jacrev_of_vjp_in[] = {
    {2, conf_compose_jacrev_of_vjp_in_0_shape,
     conf_compose_jacrev_of_vjp_in_0_data},
    {1, conf_compose_jacrev_of_vjp_in_1_shape,
     conf_compose_jacrev_of_vjp_in_1_data}};
static const int64_t conf_compose_jacrev_of_vjp_out_0_shape[] = {2, 2, 3};
static const double conf_compose_jacrev_of_vjp_out_0_data[] = {
    0.8959063166701335, -0.10733145790812695, -0.2588100940294199, 0.0, 0.0, 0.0, 0.0, -0.0, -0.0,
    0.9152703634156006, -0.1118790729562009, -0.25597588293749274};
static const int64_t conf_compose_jacrev_of_vjp_out_1_shape[] = {2, 3, 2, 3};
static const double conf_compose_jacrev_of_vjp_out_1_data[] = {
    -0.5213705421474791, -0.0, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0027790454236064164, -0.0, 0.0, 0.0,
    0.0, 0.0, -0.0, 0.005519277209771788, 0.0, 0.0, 0.0, 0.0, -0.0, -0.0, 1.2858003859312732, 0.0,
    0.0, 0.0, -0.0, -0.0, 0.0, -0.003486503296488742, 0.0, 0.0, -0.0, -0.0, 0.0, 0.0,
    -0.02210572599202373};
static const int64_t conf_compose_jacrev_of_vjp_out_2_shape[] = {3, 2, 3};
static const double conf_compose_jacrev_of_vjp_out_2_data[] = {
    -0.17786009766559657, -0.0, -0.0, 0.4922464212744738, 0.0, 0.0, 0.0, -0.4234359262799988,
    -0.0, 0.0, 1.2048145667454448, 0.0, 0.0, -0.0, -0.48998165445204145, 0.0, 0.0,
    1.184605063347497};
static const conf_array conf_compose_jacrev_of_vjp_out[] = {
    {3, conf_compose_jacrev_of_vjp_out_0_shape,
     conf_compose_jacrev_of_vjp_out_0_data},
    {4, conf_compose_jacrev_of_vjp_out_1_shape,
     conf_compose_jacrev_of_vjp_out_1_data},
    {3, conf_compose_jacrev_of_vjp_out_2_shape,
     conf_compose_jacrev_of_vjp_out_2_data}};
CONF_PROG(conf_compose_jacrev_of_vjp,
          "test_eager_transforms.py TestComposability (every pair of transforms, jacrev of vjp)",
          CONF_STACK,
    "prog conf_compose_jacrev_of_vjp\n"
    "in 2,3\n"
    "in 3\n"
    "tf jacrev 0 0\n"
    "tf vjp\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_jacrev_of_vjp_in, 2,
          conf_compose_jacrev_of_vjp_out, 3, 0)
static const int64_t conf_compose_jacrev_of_jvp_in_0_shape[] = {2, 3};
static const double conf_compose_jacrev_of_jvp_in_0_data[] = {
    1.8957937035066572, -0.047142669925030786, 0.30752023280199053, 1.2483819643614045,
    -1.0588080264666078, 1.2448686245966345};
static const int64_t conf_compose_jacrev_of_jvp_in_1_shape[] = {3};
static const double conf_compose_jacrev_of_jvp_in_1_data[] = {
    -1.0666531675858135, -0.12946143566245522, 0.09390906134717335};
static const conf_array conf_compose_jacrev_of_jvp_in[] = {
    {2, conf_compose_jacrev_of_jvp_in_0_shape,
     conf_compose_jacrev_of_jvp_in_0_data},
    {1, conf_compose_jacrev_of_jvp_in_1_shape,
     conf_compose_jacrev_of_jvp_in_1_data}};
static const int64_t conf_compose_jacrev_of_jvp_out_0_shape[] = {2, 2, 3};
static const double conf_compose_jacrev_of_jvp_out_0_data[] = {
    -0.0722062520791223, -0.12945661353347748, 0.09383078537507725, -0.0, 0.0, 0.0, -0.0, 0.0,
    0.0, -0.25997595860021266, -0.1270590688849577, 0.0926372426333264};
static const int64_t conf_compose_jacrev_of_jvp_out_1_shape[] = {2, 2, 3};
static const double conf_compose_jacrev_of_jvp_out_1_data[] = {
    -0.08758960005149014, 1.2497580383267866, 0.24962948230205048, -0.0, 0.0, 0.0, -0.0, 0.0, 0.0,
    0.7632602938689995, 1.1798683520091895, 0.2414225881626991};
static const conf_array conf_compose_jacrev_of_jvp_out[] = {
    {3, conf_compose_jacrev_of_jvp_out_0_shape,
     conf_compose_jacrev_of_jvp_out_0_data},
    {3, conf_compose_jacrev_of_jvp_out_1_shape,
     conf_compose_jacrev_of_jvp_out_1_data}};
CONF_PROG(conf_compose_jacrev_of_jvp,
          "test_eager_transforms.py TestComposability (every pair of transforms, jacrev of jvp)",
          CONF_STACK,
    "prog conf_compose_jacrev_of_jvp\n"
    "in 2,3\n"
    "in 3\n"
    "tf jacrev 0 0\n"
    "tf jvp\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_jacrev_of_jvp_in, 2,
          conf_compose_jacrev_of_jvp_out, 2, 0)
static const int64_t conf_compose_jacrev_of_vmap_in_0_shape[] = {2, 3};
static const double conf_compose_jacrev_of_vmap_in_0_data[] = {
    -0.1218809880294025, -0.23994338864482084, 0.20002687626363802, 2.986364673208923,
    0.6756872969252774, 0.8604603353214253};
static const int64_t conf_compose_jacrev_of_vmap_in_1_shape[] = {3};
static const double conf_compose_jacrev_of_vmap_in_1_data[] = {
    1.163417019007614, -0.3710079899497851, 1.7091268948841147};
static const conf_array conf_compose_jacrev_of_vmap_in[] = {
    {2, conf_compose_jacrev_of_vmap_in_0_shape,
     conf_compose_jacrev_of_vmap_in_0_data},
    {1, conf_compose_jacrev_of_vmap_in_1_shape,
     conf_compose_jacrev_of_vmap_in_1_data}};
static const int64_t conf_compose_jacrev_of_vmap_out_0_shape[] = {2, 2, 3};
static const double conf_compose_jacrev_of_vmap_out_0_data[] = {
    1.140334467329448, -0.3680833180356832, 1.523963935344279, 0.0, -0.0, 0.0, 0.0, -0.0, 0.0,
    0.004458076298643624, -0.34863579929197264, 0.3256609165842083};
static const conf_array conf_compose_jacrev_of_vmap_out[] = {
    {3, conf_compose_jacrev_of_vmap_out_0_shape,
     conf_compose_jacrev_of_vmap_out_0_data}};
CONF_PROG(conf_compose_jacrev_of_vmap,
          "test_eager_transforms.py TestComposability (every pair of transforms, jacrev of"
          " vmap)",
          CONF_STACK,
    "prog conf_compose_jacrev_of_vmap\n"
    "in 2,3\n"
    "in 3\n"
    "tf jacrev 0 0\n"
    "tf vmap 0,- 0 0\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_jacrev_of_vmap_in, 2,
          conf_compose_jacrev_of_vmap_out, 1, 0)
static const int64_t conf_compose_jacrev_of_jacrev_in_0_shape[] = {2, 3};
static const double conf_compose_jacrev_of_jacrev_in_0_data[] = {
    0.541522769543583, 0.8514516865150701, 1.067531169147901, -0.5911189649164549,
    2.0994353315687135, 0.8402128803541171};
static const int64_t conf_compose_jacrev_of_jacrev_in_1_shape[] = {3};
static const double conf_compose_jacrev_of_jacrev_in_1_data[] = {
    -1.086350698909575, 0.3567795897292579, 0.8063107769315965};
static const conf_array conf_compose_jacrev_of_jacrev_in[] = {
    {2, conf_compose_jacrev_of_jacrev_in_0_shape,
     conf_compose_jacrev_of_jacrev_in_0_data},
    {1, conf_compose_jacrev_of_jacrev_in_1_shape,
     conf_compose_jacrev_of_jacrev_in_1_data}};
static const int64_t conf_compose_jacrev_of_jacrev_out_0_shape[] = {2, 2, 3, 2, 3};
static const double conf_compose_jacrev_of_jacrev_out_0_data[] = {
    0.8990663714899921, 0.0, 0.0, -0.0, 0.0, 0.0, -0.0, -0.06852277578316403, 0.0, -0.0, 0.0, 0.0,
    -0.0, 0.0, -0.46621454938641, -0.0, 0.0, 0.0, -0.0, 0.0, 0.0, -0.0, 0.0, 0.0, -0.0, 0.0, 0.0,
    -0.0, 0.0, 0.0, -0.0, 0.0, 0.0, -0.0, 0.0, 0.0, -0.0, 0.0, 0.0, -0.0, 0.0, 0.0, -0.0, 0.0,
    0.0, -0.0, 0.0, 0.0, -0.0, 0.0, 0.0, -0.0, 0.0, 0.0, -0.0, 0.0, 0.0, -0.9079961723559213, 0.0,
    0.0, -0.0, 0.0, 0.0, -0.0, -0.09649759092524181, 0.0, -0.0, 0.0, 0.0, -0.0, 0.0,
    -0.5001199645886457};
static const conf_array conf_compose_jacrev_of_jacrev_out[] = {
    {5, conf_compose_jacrev_of_jacrev_out_0_shape,
     conf_compose_jacrev_of_jacrev_out_0_data}};
CONF_PROG(conf_compose_jacrev_of_jacrev,
          "test_eager_transforms.py TestComposability (every pair of transforms, jacrev of"
          " jacrev)",
          CONF_STACK,
    "prog conf_compose_jacrev_of_jacrev\n"
    "in 2,3\n"
    "in 3\n"
    "tf jacrev 0 0\n"
    "tf jacrev 0 0\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_jacrev_of_jacrev_in, 2,
          conf_compose_jacrev_of_jacrev_out, 1, 0)
static const int64_t conf_compose_jacrev_of_jacfwd_in_0_shape[] = {2, 3};
static const double conf_compose_jacrev_of_jacfwd_in_0_data[] = {
    1.147458408975799, 0.5973887393389418, 1.4143218877969135, 0.7976777001208176,
    1.0192344596322251, 0.5946111101085125};
static const int64_t conf_compose_jacrev_of_jacfwd_in_1_shape[] = {3};
static const double conf_compose_jacrev_of_jacfwd_in_1_data[] = {
    -1.942902360916941, 0.2773041014648178, -0.16897611883385583};
static const conf_array conf_compose_jacrev_of_jacfwd_in[] = {
    {2, conf_compose_jacrev_of_jacfwd_in_0_shape,
     conf_compose_jacrev_of_jacfwd_in_0_data},
    {1, conf_compose_jacrev_of_jacfwd_in_1_shape,
     conf_compose_jacrev_of_jacfwd_in_1_data}};
static const int64_t conf_compose_jacrev_of_jacfwd_out_0_shape[] = {2, 2, 3, 2, 3};
static const double conf_compose_jacrev_of_jacfwd_out_0_data[] = {
    0.3338161137682216, 0.0, -0.0, -0.0, 0.0, -0.0, -0.0, -0.024566558581344405, -0.0, -0.0, 0.0,
    -0.0, -0.0, 0.0, 0.012656759763797721, -0.0, 0.0, -0.0, -0.0, 0.0, -0.0, -0.0, 0.0, -0.0,
    -0.0, 0.0, -0.0, -0.0, 0.0, -0.0, -0.0, 0.0, -0.0, -0.0, 0.0, -0.0, -0.0, 0.0, -0.0, -0.0,
    0.0, -0.0, -0.0, 0.0, -0.0, -0.0, 0.0, -0.0, -0.0, 0.0, -0.0, -0.0, 0.0, -0.0, -0.0, 0.0,
    -0.0, 1.1386383485467804, 0.0, -0.0, -0.0, 0.0, -0.0, -0.0, -0.03913617935548168, -0.0, -0.0,
    0.0, -0.0, -0.0, 0.0, 0.005661142066794477};
static const conf_array conf_compose_jacrev_of_jacfwd_out[] = {
    {5, conf_compose_jacrev_of_jacfwd_out_0_shape,
     conf_compose_jacrev_of_jacfwd_out_0_data}};
CONF_PROG(conf_compose_jacrev_of_jacfwd,
          "test_eager_transforms.py TestComposability (every pair of transforms, jacrev of"
          " jacfwd)",
          CONF_STACK,
    "prog conf_compose_jacrev_of_jacfwd\n"
    "in 2,3\n"
    "in 3\n"
    "tf jacrev 0 0\n"
    "tf jacfwd 0 0\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_jacrev_of_jacfwd_in, 2,
          conf_compose_jacrev_of_jacfwd_out, 1, 0)
static const int64_t conf_compose_jacfwd_of_grad_in_0_shape[] = {2, 3};
static const double conf_compose_jacfwd_of_grad_in_0_data[] = {
    -0.1574045198828491, 0.396584501048303, -0.0658572590815843, -0.6308983713137372,
    0.30205336215674394, -0.8987411350800328};
static const int64_t conf_compose_jacfwd_of_grad_in_1_shape[] = {3};
static const double conf_compose_jacfwd_of_grad_in_1_data[] = {
    0.807183002629271, -0.2917029233410229, 0.053710572955167346};
static const conf_array conf_compose_jacfwd_of_grad_in[] = {
    {2, conf_compose_jacfwd_of_grad_in_0_shape,
     conf_compose_jacfwd_of_grad_in_0_data},
    {1, conf_compose_jacfwd_of_grad_in_1_shape,
     conf_compose_jacfwd_of_grad_in_1_data}};
static const int64_t conf_compose_jacfwd_of_grad_out_0_shape[] = {2, 3, 2, 3};
static const double conf_compose_jacfwd_of_grad_out_0_data[] = {
    0.1620477979935552, 0.0, 0.0, 0.0, 0.0, 0.0, -0.0, 0.019340044982368375, -0.0, -0.0, -0.0,
    -0.0, 0.0, 0.0, 2.040824963522269e-05, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.47687952499033015, 0.0,
    0.0, -0.0, -0.0, -0.0, -0.0, 0.014840446298115555, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0002776484393506713};
static const conf_array conf_compose_jacfwd_of_grad_out[] = {
    {4, conf_compose_jacfwd_of_grad_out_0_shape,
     conf_compose_jacfwd_of_grad_out_0_data}};
CONF_PROG(conf_compose_jacfwd_of_grad,
          "test_eager_transforms.py TestComposability (every pair of transforms, jacfwd of"
          " grad)",
          CONF_STACK,
    "prog conf_compose_jacfwd_of_grad\n"
    "in 2,3\n"
    "in 3\n"
    "tf jacfwd 0 0\n"
    "tf grad 0 sum\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_jacfwd_of_grad_in, 2,
          conf_compose_jacfwd_of_grad_out, 1, 0)
static const int64_t conf_compose_jacfwd_of_vjp_in_0_shape[] = {2, 3};
static const double conf_compose_jacfwd_of_vjp_in_0_data[] = {
    1.1876675508567045, 0.28944697195803365, 0.6016017477200283, 0.15365577554619905,
    1.1094512450761815, 0.641238337630087};
static const int64_t conf_compose_jacfwd_of_vjp_in_1_shape[] = {3};
static const double conf_compose_jacfwd_of_vjp_in_1_data[] = {
    -0.599007038256646, 0.4951065526871356, 1.8499062185065345};
static const conf_array conf_compose_jacfwd_of_vjp_in[] = {
    {2, conf_compose_jacfwd_of_vjp_in_0_shape,
     conf_compose_jacfwd_of_vjp_in_0_data},
    {1, conf_compose_jacfwd_of_vjp_in_1_shape,
     conf_compose_jacfwd_of_vjp_in_1_data}};
static const int64_t conf_compose_jacfwd_of_vjp_out_0_shape[] = {2, 2, 3};
static const double conf_compose_jacfwd_of_vjp_out_0_data[] = {
    -0.3749697045400355, 0.4850761971977251, 0.650860109919966, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    -0.5939610570016735, 0.3713334655385239, 0.5773285647603487};
static const int64_t conf_compose_jacfwd_of_vjp_out_1_shape[] = {2, 3, 2, 3};
static const double conf_compose_jacfwd_of_vjp_out_1_data[] = {
    -0.13736381405164694, -0.0, -0.0, -0.0, -0.0, -0.0, 0.0, 0.03418357371300349, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.9693496399419113, 0.0, 0.0, 0.0, -0.0, -0.0, -0.0, 0.08163694780530044, -0.0,
    -0.0, 0.0, 0.0, 0.0, 0.0, -0.22980874346718655, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    -2.2145222954744526};
static const int64_t conf_compose_jacfwd_of_vjp_out_2_shape[] = {3, 2, 3};
static const double conf_compose_jacfwd_of_vjp_out_2_data[] = {
    -0.04063776567602356, 0.0, 0.0, 1.2185288086900794, 0.0, 0.0, 0.0, -0.46988626071354006, 0.0,
    0.0, 0.4225458827370673, 0.0, 0.0, 0.0, 0.13932186399639404, 0.0, 0.0, -0.3775196182691785};
static const conf_array conf_compose_jacfwd_of_vjp_out[] = {
    {3, conf_compose_jacfwd_of_vjp_out_0_shape,
     conf_compose_jacfwd_of_vjp_out_0_data},
    {4, conf_compose_jacfwd_of_vjp_out_1_shape,
     conf_compose_jacfwd_of_vjp_out_1_data},
    {3, conf_compose_jacfwd_of_vjp_out_2_shape,
     conf_compose_jacfwd_of_vjp_out_2_data}};
CONF_PROG(conf_compose_jacfwd_of_vjp,
          "test_eager_transforms.py TestComposability (every pair of transforms, jacfwd of vjp)",
          CONF_STACK,
    "prog conf_compose_jacfwd_of_vjp\n"
    "in 2,3\n"
    "in 3\n"
    "tf jacfwd 0 0\n"
    "tf vjp\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_jacfwd_of_vjp_in, 2,
          conf_compose_jacfwd_of_vjp_out, 3, 0)
static const int64_t conf_compose_jacfwd_of_jvp_in_0_shape[] = {2, 3};
static const double conf_compose_jacfwd_of_jvp_in_0_data[] = {
    1.5752014786121333, 1.958014011511383, -0.6615743045093342, -2.2359569615794825,
    0.42946652713030803, -1.0021297683934807};
static const int64_t conf_compose_jacfwd_of_jvp_in_1_shape[] = {3};
static const double conf_compose_jacfwd_of_jvp_in_1_data[] = {
    0.20799382966498892, 1.195192019130962, 0.46224510042974193};
static const conf_array conf_compose_jacfwd_of_jvp_in[] = {
    {2, conf_compose_jacfwd_of_jvp_in_0_shape,
     conf_compose_jacfwd_of_jvp_in_0_data},
    {1, conf_compose_jacfwd_of_jvp_in_1_shape,
     conf_compose_jacfwd_of_jvp_in_1_data}};
static const int64_t conf_compose_jacfwd_of_jvp_out_0_shape[] = {2, 2, 3};
static const double conf_compose_jacfwd_of_jvp_out_0_data[] = {
    0.18717289050889868, 0.04353155402902065, 0.42157518227855667, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.16878019170722752, 0.9283483326844426, 0.375694180339792};
static const int64_t conf_compose_jacfwd_of_jvp_out_1_shape[] = {2, 2, 3};
static const double conf_compose_jacfwd_of_jvp_out_1_data[] = {
    -0.3258714123655566, -0.21471640691495247, 0.12883731984444613, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    -0.20376460306021568, 0.23781629065044274, 0.00901381827355538};
static const conf_array conf_compose_jacfwd_of_jvp_out[] = {
    {3, conf_compose_jacfwd_of_jvp_out_0_shape,
     conf_compose_jacfwd_of_jvp_out_0_data},
    {3, conf_compose_jacfwd_of_jvp_out_1_shape,
     conf_compose_jacfwd_of_jvp_out_1_data}};
CONF_PROG(conf_compose_jacfwd_of_jvp,
          "test_eager_transforms.py TestComposability (every pair of transforms, jacfwd of jvp)",
          CONF_STACK,
    "prog conf_compose_jacfwd_of_jvp\n"
    "in 2,3\n"
    "in 3\n"
    "tf jacfwd 0 0\n"
    "tf jvp\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_jacfwd_of_jvp_in, 2,
          conf_compose_jacfwd_of_jvp_out, 2, 0)
static const int64_t conf_compose_jacfwd_of_vmap_in_0_shape[] = {2, 3};
static const double conf_compose_jacfwd_of_vmap_in_0_data[] = {
    -1.1362166265629972, 0.577101072172092, -1.1781302833696685, -1.5196105470668986,
    1.3515823480402365, 0.8957052976524605};
static const int64_t conf_compose_jacfwd_of_vmap_in_1_shape[] = {3};
static const double conf_compose_jacfwd_of_vmap_in_1_data[] = {
    -1.1933972995668605, 0.39574950542620724, 1.0467910738527157};
static const conf_array conf_compose_jacfwd_of_vmap_in[] = {
    {2, conf_compose_jacfwd_of_vmap_in_0_shape,
     conf_compose_jacfwd_of_vmap_in_0_data},
    {1, conf_compose_jacfwd_of_vmap_in_1_shape,
     conf_compose_jacfwd_of_vmap_in_1_data}};
static const int64_t conf_compose_jacfwd_of_vmap_out_0_shape[] = {2, 2, 3};
static const double conf_compose_jacfwd_of_vmap_out_0_data[] = {
    -0.2787578035541587, 0.37580405038356895, 0.30196981021385616, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    -0.12046493973078609, 0.3010754253905323, 0.4826337685764847};
static const conf_array conf_compose_jacfwd_of_vmap_out[] = {
    {3, conf_compose_jacfwd_of_vmap_out_0_shape,
     conf_compose_jacfwd_of_vmap_out_0_data}};
CONF_PROG(conf_compose_jacfwd_of_vmap,
          "test_eager_transforms.py TestComposability (every pair of transforms, jacfwd of"
          " vmap)",
          CONF_STACK,
    "prog conf_compose_jacfwd_of_vmap\n"
    "in 2,3\n"
    "in 3\n"
    "tf jacfwd 0 0\n"
    "tf vmap 0,- 0 0\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_jacfwd_of_vmap_in, 2,
          conf_compose_jacfwd_of_vmap_out, 1, 0)
static const int64_t conf_compose_jacfwd_of_jacrev_in_0_shape[] = {2, 3};
static const double conf_compose_jacfwd_of_jacrev_in_0_data[] = {
    -0.7494168202739433, -0.1826931818706941, 0.48150788523612026, 1.6587885001221043,
    -0.40643953563296664, 0.578036268026011};
static const int64_t conf_compose_jacfwd_of_jacrev_in_1_shape[] = {3};
static const double conf_compose_jacfwd_of_jacrev_in_1_data[] = {
    -0.291527610609027, 0.23565081270422308, -0.018699847199539807};
static const conf_array conf_compose_jacfwd_of_jacrev_in[] = {
    {2, conf_compose_jacfwd_of_jacrev_in_0_shape,
     conf_compose_jacfwd_of_jacrev_in_0_data},
    {1, conf_compose_jacfwd_of_jacrev_in_1_shape,
     conf_compose_jacfwd_of_jacrev_in_1_data}};
static const int64_t conf_compose_jacfwd_of_jacrev_out_0_shape[] = {2, 2, 3, 2, 3};
static const double conf_compose_jacfwd_of_jacrev_out_0_data[] = {
    -0.034865174829655544, -0.0, -0.0, -0.0, -0.0, -0.0, 0.0, 0.004769647281800502, 0.0, 0.0, 0.0,
    0.0, -0.0, -0.0, 6.296520572491007e-06, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0,
    -0.0, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0,
    -0.0, 0.06094070980184029, -0.0, -0.0, 0.0, 0.0, 0.0, 0.0, 0.010508234195721717, 0.0, -0.0,
    -0.0, -0.0, -0.0, -0.0, 7.558430126048488e-06};
static const conf_array conf_compose_jacfwd_of_jacrev_out[] = {
    {5, conf_compose_jacfwd_of_jacrev_out_0_shape,
     conf_compose_jacfwd_of_jacrev_out_0_data}};
CONF_PROG(conf_compose_jacfwd_of_jacrev,
          "test_eager_transforms.py TestComposability (every pair of transforms, jacfwd of"
          " jacrev)",
          CONF_STACK,
    "prog conf_compose_jacfwd_of_jacrev\n"
    "in 2,3\n"
    "in 3\n"
    "tf jacfwd 0 0\n"
    "tf jacrev 0 0\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_jacfwd_of_jacrev_in, 2,
          conf_compose_jacfwd_of_jacrev_out, 1, 0)
static const int64_t conf_compose_jacfwd_of_jacfwd_in_0_shape[] = {2, 3};
static const double conf_compose_jacfwd_of_jacfwd_in_0_data[] = {
    0.7728313876021052, -0.9252739977620117, -0.5875649384122549, 1.0505317516471344,
    0.06165970538450433, 0.4894956777955403};
static const int64_t conf_compose_jacfwd_of_jacfwd_in_1_shape[] = {3};
static const double conf_compose_jacfwd_of_jacfwd_in_1_data[] = {
    -0.36291842404220753, 0.39693855660432925, -0.34230783369844286};
static const conf_array conf_compose_jacfwd_of_jacfwd_in[] = {
    {2, conf_compose_jacfwd_of_jacfwd_in_0_shape,
     conf_compose_jacfwd_of_jacfwd_in_0_data},
    {1, conf_compose_jacfwd_of_jacfwd_in_1_shape,
     conf_compose_jacfwd_of_jacfwd_in_1_data}};
static const int64_t conf_compose_jacfwd_of_jacfwd_out_0_shape[] = {2, 2, 3, 2, 3};
static const double conf_compose_jacfwd_of_jacfwd_out_0_data[] = {
    0.06662431187751025, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.09710091886419064, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, -0.044676981317545696, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0831484486287819, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, -0.007706451735423495, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.03783161616554516};
static const conf_array conf_compose_jacfwd_of_jacfwd_out[] = {
    {5, conf_compose_jacfwd_of_jacfwd_out_0_shape,
     conf_compose_jacfwd_of_jacfwd_out_0_data}};
CONF_PROG(conf_compose_jacfwd_of_jacfwd,
          "test_eager_transforms.py TestComposability (every pair of transforms, jacfwd of"
          " jacfwd)",
          CONF_STACK,
    "prog conf_compose_jacfwd_of_jacfwd\n"
    "in 2,3\n"
    "in 3\n"
    "tf jacfwd 0 0\n"
    "tf jacfwd 0 0\n"
    "v2 = mul v0 v1\n"
    "v3 = tanh v2\n"
    "v4 = sum v3 [-1] 0\n"
    "out v4\n"
    "end\n",
          conf_compose_jacfwd_of_jacfwd_in, 2,
          conf_compose_jacfwd_of_jacfwd_out, 1, 0)

#endif
