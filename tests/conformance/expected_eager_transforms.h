/* expected_eager_transforms.h — written by gen_transforms.py with torch
   2.15.0+cu132; do not edit. */
/* test_eager_transforms.py API cases: inputs, torch.func's values, TX_* flags. */
#ifndef STRATA_CONF_EXPECTED_EAGER_TRANSFORMS_H
#define STRATA_CONF_EXPECTED_EAGER_TRANSFORMS_H

#include <math.h>

#include "conf.h"

static const int64_t tx_no_grad_outside_x_shape[] = {0};
static const double tx_no_grad_outside_x_data[] = {
    0.3558708378290149};
static const conf_array tx_no_grad_outside_x = {
    0, tx_no_grad_outside_x_shape,
    tx_no_grad_outside_x_data};
static const int64_t tx_no_grad_outside_y_shape[] = {0};
static const double tx_no_grad_outside_y_data[] = {
    0.937343438482478};
static const conf_array tx_no_grad_outside_y = {
    0, tx_no_grad_outside_y_shape,
    tx_no_grad_outside_y_data};
#define TX_NO_GRAD_OUTSIDE_REQUIRES_GRAD 0
static const int64_t tx_no_grad_mixed_x_shape[] = {0};
static const double tx_no_grad_mixed_x_data[] = {
    1.8550606235000302};
static const conf_array tx_no_grad_mixed_x = {
    0, tx_no_grad_mixed_x_shape,
    tx_no_grad_mixed_x_data};
static const int64_t tx_no_grad_mixed_y_shape[] = {0};
static const double tx_no_grad_mixed_y_data[] = {
    3.7101212470000604};
static const conf_array tx_no_grad_mixed_y = {
    0, tx_no_grad_mixed_y_shape,
    tx_no_grad_mixed_y_data};
#define TX_NO_GRAD_MIXED_REQUIRES_GRAD 0
static const int64_t tx_no_grad_inside_x_shape[] = {0};
static const double tx_no_grad_inside_x_data[] = {
    0.7458619158384479};
static const conf_array tx_no_grad_inside_x = {
    0, tx_no_grad_inside_x_shape,
    tx_no_grad_inside_x_data};
static const int64_t tx_no_grad_inside_y_shape[] = {0};
static const double tx_no_grad_inside_y_data[] = {
    1.4917238316768957};
static const conf_array tx_no_grad_inside_y = {
    0, tx_no_grad_inside_y_shape,
    tx_no_grad_inside_y_data};
static const int64_t tx_no_grad_inside_z_shape[] = {0};
static const double tx_no_grad_inside_z_data[] = {
    2.0};
static const conf_array tx_no_grad_inside_z = {
    0, tx_no_grad_inside_z_shape,
    tx_no_grad_inside_z_data};
static const int64_t tx_no_grad_nested_simple_y_shape[] = {0};
static const double tx_no_grad_nested_simple_y_data[] = {
    6.75};
static const conf_array tx_no_grad_nested_simple_y = {
    0, tx_no_grad_nested_simple_y_shape,
    tx_no_grad_nested_simple_y_data};
static const int64_t tx_no_grad_nested_simple_z_shape[] = {0};
static const double tx_no_grad_nested_simple_z_data[] = {
    9.0};
static const conf_array tx_no_grad_nested_simple_z = {
    0, tx_no_grad_nested_simple_z_shape,
    tx_no_grad_nested_simple_z_data};
static const int64_t tx_no_grad_nested_complicated_x_shape[] = {0};
static const double tx_no_grad_nested_complicated_x_data[] = {
    -1.4466230899956283};
static const conf_array tx_no_grad_nested_complicated_x = {
    0, tx_no_grad_nested_complicated_x_shape,
    tx_no_grad_nested_complicated_x_data};
static const int64_t tx_no_grad_nested_complicated_y_shape[] = {0};
static const double tx_no_grad_nested_complicated_y_data[] = {
    -8.67973853997377};
static const conf_array tx_no_grad_nested_complicated_y = {
    0, tx_no_grad_nested_complicated_y_shape,
    tx_no_grad_nested_complicated_y_data};
static const int64_t tx_no_grad_nested_complicated_z_shape[] = {0};
static const double tx_no_grad_nested_complicated_z_data[] = {
    6.0};
static const conf_array tx_no_grad_nested_complicated_z = {
    0, tx_no_grad_nested_complicated_z_shape,
    tx_no_grad_nested_complicated_z_data};
static const int64_t tx_no_grad_value_y_shape[] = {0};
static const double tx_no_grad_value_y_data[] = {
    7.6800000000000015};
static const conf_array tx_no_grad_value_y = {
    0, tx_no_grad_value_y_shape,
    tx_no_grad_value_y_data};
static const int64_t tx_no_grad_value_z_shape[] = {0};
static const double tx_no_grad_value_z_data[] = {
    9.600000000000001};
static const conf_array tx_no_grad_value_z = {
    0, tx_no_grad_value_z_shape,
    tx_no_grad_value_z_data};
static const int64_t tx_no_grad_outside_vjp_y_shape[] = {0};
static const double tx_no_grad_outside_vjp_y_data[] = {
    4.0};
static const conf_array tx_no_grad_outside_vjp_y = {
    0, tx_no_grad_outside_vjp_y_shape,
    tx_no_grad_outside_vjp_y_data};
#define TX_NO_GRAD_OUTSIDE_VJP_Y_REQUIRES_GRAD 0
#define TX_NO_GRAD_OUTSIDE_VJP_OUT_REQUIRES_GRAD 0
static const int64_t tx_no_grad_outside_vjp_fn_y_shape[] = {0};
static const double tx_no_grad_outside_vjp_fn_y_data[] = {
    6.28};
static const conf_array tx_no_grad_outside_vjp_fn_y = {
    0, tx_no_grad_outside_vjp_fn_y_shape,
    tx_no_grad_outside_vjp_fn_y_data};
#define TX_NO_GRAD_OUTSIDE_VJP_FN_Y_REQUIRES_GRAD 0
#define TX_NO_GRAD_OUTSIDE_VJP_FN_OUT_REQUIRES_GRAD 1
static const int64_t tx_no_grad_outside_vjp_fn_z_shape[] = {0};
static const double tx_no_grad_outside_vjp_fn_z_data[] = {
    6.28};
static const conf_array tx_no_grad_outside_vjp_fn_z = {
    0, tx_no_grad_outside_vjp_fn_z_shape,
    tx_no_grad_outside_vjp_fn_z_data};
static const int64_t tx_no_grad_outside_vjp_only_y_shape[] = {0};
static const double tx_no_grad_outside_vjp_only_y_data[] = {
    6.28};
static const conf_array tx_no_grad_outside_vjp_only_y = {
    0, tx_no_grad_outside_vjp_only_y_shape,
    tx_no_grad_outside_vjp_only_y_data};
#define TX_NO_GRAD_OUTSIDE_VJP_ONLY_OUT_REQUIRES_GRAD 0
#define TX_NO_GRAD_OUTSIDE_VJP_ONLY_Y_REQUIRES_GRAD 1
static const int64_t tx_no_grad_outside_vjp_only_z_shape[] = {0};
static const double tx_no_grad_outside_vjp_only_z_data[] = {
    2.0};
static const conf_array tx_no_grad_outside_vjp_only_z = {
    0, tx_no_grad_outside_vjp_only_z_shape,
    tx_no_grad_outside_vjp_only_z_data};
static const int64_t tx_inference_x_shape[] = {3};
static const double tx_inference_x_data[] = {
    -1.9472102988739208, -1.3726672015520858, 0.29383001814034304};
static const conf_array tx_inference_x = {
    1, tx_inference_x_shape,
    tx_inference_x_data};
static const int64_t tx_inference_xs_shape[] = {5, 3};
static const double tx_inference_xs_data[] = {
    -0.5489321386417118, -1.4001757647013475, -0.2848595464656918, 0.9281792340456689,
    -0.7321606642550389, 1.234227015300338, 0.6829307490086144, 0.49881844782435053,
    0.4926203590260902, 0.07860032180937719, 2.405241176639671, 0.2624999322380743,
    -0.01375514136683026, -0.4785267426944576, 1.150695226209841};
static const conf_array tx_inference_xs = {
    2, tx_inference_xs_shape,
    tx_inference_xs_data};
static const int64_t tx_inference_outside_grad_shape[] = {3};
static const double tx_inference_outside_grad_data[] = {
    -3.8944205977478417, -2.7453344031041715, 0.5876600362806861};
static const conf_array tx_inference_outside_grad = {
    1, tx_inference_outside_grad_shape,
    tx_inference_outside_grad_data};
static const int64_t tx_inference_nograd_outside_grad_shape[] = {3};
static const double tx_inference_nograd_outside_grad_data[] = {
    -3.8944205977478417, -2.7453344031041715, 0.5876600362806861};
static const conf_array tx_inference_nograd_outside_grad = {
    1, tx_inference_nograd_outside_grad_shape,
    tx_inference_nograd_outside_grad_data};
static const int64_t tx_inference_outside_vjp_shape[] = {3};
static const double tx_inference_outside_vjp_data[] = {
    -3.8944205977478417, -2.7453344031041715, 0.5876600362806861};
static const conf_array tx_inference_outside_vjp = {
    1, tx_inference_outside_vjp_shape,
    tx_inference_outside_vjp_data};
static const int64_t tx_inference_outside_jvp_shape[] = {0};
static const double tx_inference_outside_jvp_data[] = {
    -6.052094964571326};
static const conf_array tx_inference_outside_jvp = {
    0, tx_inference_outside_jvp_shape,
    tx_inference_outside_jvp_data};
static const int64_t tx_inference_outside_jacrev_shape[] = {3, 3};
static const double tx_inference_outside_jacrev_data[] = {
    -3.8944205977478417, -0.0, 0.0, -0.0, -2.7453344031041715, 0.0, -0.0, -0.0,
    0.5876600362806861};
static const conf_array tx_inference_outside_jacrev = {
    2, tx_inference_outside_jacrev_shape,
    tx_inference_outside_jacrev_data};
static const int64_t tx_inference_outside_vmap_grad_shape[] = {5, 3};
static const double tx_inference_outside_vmap_grad_data[] = {
    -1.0978642772834235, -2.800351529402695, -0.5697190929313836, 1.8563584680913379,
    -1.4643213285100778, 2.468454030600676, 1.3658614980172288, 0.9976368956487011,
    0.9852407180521804, 0.15720064361875438, 4.810482353279342, 0.5249998644761485,
    -0.02751028273366052, -0.9570534853889152, 2.301390452419682};
static const conf_array tx_inference_outside_vmap_grad = {
    2, tx_inference_outside_vmap_grad_shape,
    tx_inference_outside_vmap_grad_data};
static const int64_t tx_inference_outside_grad_vmap_shape[] = {3};
static const double tx_inference_outside_grad_vmap_data[] = {
    -3.8944205977478417, -2.7453344031041715, 0.5876600362806861};
static const conf_array tx_inference_outside_grad_vmap = {
    1, tx_inference_outside_grad_vmap_shape,
    tx_inference_outside_grad_vmap_data};
static const int64_t tx_inference_nested_grad_shape[] = {0};
static const double tx_inference_nested_grad_data[] = {
    -11.683261793243524};
static const conf_array tx_inference_nested_grad = {
    0, tx_inference_nested_grad_shape,
    tx_inference_nested_grad_data};
static const int64_t tx_inference_jacrev_grad_shape[] = {3, 3};
static const double tx_inference_jacrev_grad_data[] = {
    -11.683261793243524, -0.0, 0.0, -0.0, -8.236003209312514, 0.0, -0.0, -0.0, 1.7629801088420582};
static const conf_array tx_inference_jacrev_grad = {
    2, tx_inference_jacrev_grad_shape,
    tx_inference_jacrev_grad_data};
static const int64_t tx_inference_inside_grad_shape[] = {3};
static const double tx_inference_inside_grad_data[] = {
    1.0, 1.0, 1.0};
static const conf_array tx_inference_inside_grad = {
    1, tx_inference_inside_grad_shape,
    tx_inference_inside_grad_data};
#define TX_INFERENCE_RESTORED 1
static const int64_t tx_composed_with_autograd_x_shape[] = {0};
static const double tx_composed_with_autograd_x_data[] = {
    0.42950098401421183};
static const conf_array tx_composed_with_autograd_x = {
    0, tx_composed_with_autograd_x_shape,
    tx_composed_with_autograd_x_data};
static const int64_t tx_composed_with_autograd_r_shape[] = {0};
static const double tx_composed_with_autograd_r_data[] = {
    -0.4164171621044666};
static const conf_array tx_composed_with_autograd_r = {
    0, tx_composed_with_autograd_r_shape,
    tx_composed_with_autograd_r_data};
static const int64_t tx_views_x_shape[] = {0};
static const double tx_views_x_data[] = {
    0.2470799162510658};
static const conf_array tx_views_x = {
    0, tx_views_x_shape,
    tx_views_x_data};
static const int64_t tx_views_y_shape[] = {0};
static const double tx_views_y_data[] = {
    -0.3019292157668124};
static const conf_array tx_views_y = {
    0, tx_views_y_shape,
    tx_views_y_data};
static const int64_t tx_views_gx_shape[] = {0};
static const double tx_views_gx_data[] = {
    -0.24457360306629342};
static const conf_array tx_views_gx = {
    0, tx_views_gx_shape,
    tx_views_gx_data};
static const int64_t tx_views_gy_shape[] = {0};
static const double tx_views_gy_data[] = {
    0.29736270579126683};
static const conf_array tx_views_gy = {
    0, tx_views_gy_shape,
    tx_views_gy_data};
static const int64_t tx_escaped_x_shape[] = {0};
static const double tx_escaped_x_data[] = {
    -0.3906686289925581};
static const conf_array tx_escaped_x = {
    0, tx_escaped_x_shape,
    tx_escaped_x_data};
static const int64_t tx_escaped_sum_shape[] = {0};
static const double tx_escaped_sum_data[] = {
    -0.38080675110557033};
static const conf_array tx_escaped_sum = {
    0, tx_escaped_sum_shape,
    tx_escaped_sum_data};
#define TX_JVP_SHAPE_MISMATCH_RAISES 1
#define TX_JVP_DTYPE_MISMATCH_RAISES 0
static const int64_t tx_linearize_x_shape[] = {3, 1};
static const double tx_linearize_x_data[] = {
    1.1392929809143588, 0.14176283932365052, -0.6056878322245582};
static const conf_array tx_linearize_x = {
    2, tx_linearize_x_shape,
    tx_linearize_x_data};
static const int64_t tx_linearize_t_shape[] = {3, 1};
static const double tx_linearize_t_data[] = {
    0.7076162170321348, -0.4752133186719224, -1.1273766636729599};
static const conf_array tx_linearize_t = {
    2, tx_linearize_t_shape,
    tx_linearize_t_data};
static const int64_t tx_linearize_basic_out_shape[] = {3, 1};
static const double tx_linearize_basic_out_data[] = {
    0.4182368207557149, 0.9899684656517603, 0.8221106902107911};
static const conf_array tx_linearize_basic_out = {
    2, tx_linearize_basic_out_shape,
    tx_linearize_basic_out_data};
static const int64_t tx_linearize_basic_jvp_shape[] = {3, 1};
static const double tx_linearize_basic_jvp_data[] = {
    -0.6427547147400893, 0.06714217156485465, -0.6418467461843032};
static const conf_array tx_linearize_basic_jvp = {
    2, tx_linearize_basic_jvp_shape,
    tx_linearize_basic_jvp_data};
static const int64_t tx_linearize_return_out0_shape[] = {3, 1};
static const double tx_linearize_return_out0_data[] = {
    0.4182368207557149, 0.9899684656517603, 0.8221106902107911};
static const conf_array tx_linearize_return_out0 = {
    2, tx_linearize_return_out0_shape,
    tx_linearize_return_out0_data};
static const int64_t tx_linearize_return_out1_shape[] = {0};
static const double tx_linearize_return_out1_data[] = {
    0.6753679880134511};
static const conf_array tx_linearize_return_out1 = {
    0, tx_linearize_return_out1_shape,
    tx_linearize_return_out1_data};
static const int64_t tx_linearize_return_jvp0_shape[] = {3, 1};
static const double tx_linearize_return_jvp0_data[] = {
    -0.6427547147400893, 0.06714217156485465, -0.6418467461843032};
static const conf_array tx_linearize_return_jvp0 = {
    2, tx_linearize_return_jvp0_shape,
    tx_linearize_return_jvp0_data};
static const int64_t tx_linearize_return_jvp1_shape[] = {0};
static const double tx_linearize_return_jvp1_data[] = {
    -0.8949737653127474};
static const conf_array tx_linearize_return_jvp1 = {
    0, tx_linearize_return_jvp1_shape,
    tx_linearize_return_jvp1_data};
static const int64_t tx_linearize_tb_shape[] = {3, 3, 1};
static const double tx_linearize_tb_data[] = {
    0.005447564541228917, -0.6005879661911643, 0.12404075395481501, 0.22631448085063452,
    0.8211453663289054, 0.7372767674798837, -0.6592528221814118, -0.13831243766780477,
    -1.061951357626194};
static const conf_array tx_linearize_tb = {
    3, tx_linearize_tb_shape,
    tx_linearize_tb_data};
static const int64_t tx_linearize_vmap_jvp0_shape[] = {3, 3, 1};
static const double tx_linearize_vmap_jvp0_data[] = {
    -0.004948229998757656, 0.08485616602348152, 0.07061983530931173, -0.20557004783017152,
    -0.11601838774178766, 0.4197520753201613, 0.5988244043360711, 0.01954195527473482,
    -0.6045983081446006};
static const conf_array tx_linearize_vmap_jvp0 = {
    3, tx_linearize_vmap_jvp0_shape,
    tx_linearize_vmap_jvp0_data};
static const int64_t tx_linearize_vmap_jvp1_shape[] = {3};
static const double tx_linearize_vmap_jvp1_data[] = {
    -0.4710996476951203, 1.7847366146594237, -1.8595166174754105};
static const conf_array tx_linearize_vmap_jvp1 = {
    1, tx_linearize_vmap_jvp1_shape,
    tx_linearize_vmap_jvp1_data};
static const int64_t tx_linearize_x3_shape[] = {3};
static const double tx_linearize_x3_data[] = {
    1.9614189960996862, 1.1503035771343666, -0.7371950749592039};
static const conf_array tx_linearize_x3 = {
    1, tx_linearize_x3_shape,
    tx_linearize_x3_data};
static const int64_t tx_linearize_t3_shape[] = {3};
static const double tx_linearize_t3_data[] = {
    -0.6575142035506699, -0.6176028192841515, 3.088600337197136};
static const conf_array tx_linearize_t3 = {
    1, tx_linearize_t3_shape,
    tx_linearize_t3_data};
static const int64_t tx_linearize_grad_jvp_shape[] = {3};
static const double tx_linearize_grad_jvp_data[] = {
    0.6079850715393132, 0.5638021442171296, 2.076200117985004};
static const conf_array tx_linearize_grad_jvp = {
    1, tx_linearize_grad_jvp_shape,
    tx_linearize_grad_jvp_data};
#define TX_JACREV_NEGATIVE_CHUNK_RAISES 1

#endif
