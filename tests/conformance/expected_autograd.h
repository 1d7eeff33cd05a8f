/* expected_autograd.h — written by gen_autograd.py with torch
   2.15.0+cu132; do not edit. */
/* TestAutograd cases: inputs, torch's gradients and outcomes (AG_* flags). */
#ifndef STRATA_CONF_EXPECTED_AUTOGRAD_H
#define STRATA_CONF_EXPECTED_AUTOGRAD_H

#include <math.h>

#include "conf.h"

static const int64_t ag_backward_v_shape[] = {5, 5};
static const double ag_backward_v_data[] = {
    -0.8228754122588572, -2.387644916150374, 1.207082312319358, -1.9726741420186202,
    0.35922727616352085, -1.7546657670266201, 0.5794588638972151, 0.3563398798278092,
    -1.2399869626534696, -1.7279572929162377, -0.4169171447442173, 0.8182952239337378,
    -1.2290255275322264, 0.28564204027957674, 0.060446671817390385, 0.650164451567698,
    0.7692534845489034, 0.15887469635429124, -0.06625825454247578, 1.7617185343378001,
    0.9503768475148385, -0.00989137334888107, -1.2249800396627535, -0.9570679443625565,
    0.04795705099236987};
static const conf_array ag_backward_v = {
    2, ag_backward_v_shape,
    ag_backward_v_data};
static const int64_t ag_backward_x_shape[] = {5, 5};
static const double ag_backward_x_data[] = {
    -0.6749576425232725, 1.2726237691929903, -1.650235579347906, 0.4137829594865246,
    0.4571766946237149, -0.6813378860788438, 1.3651822350811036, 0.00045532779695347587,
    0.41866787097333985, 0.92723696407376, -1.934416945497157, -0.27570267195825854,
    -0.032469184316759235, 0.665042440363898, 0.7473543776332834, 2.2586365476658092,
    -1.1498440634719462, 0.7756646295943664, -0.1655596277021095, 0.3504652963030247,
    -0.342936058239261, 0.7250807888631021, 1.7332977974804964, -2.539177168598696,
    -0.6403945429533};
static const conf_array ag_backward_x = {
    2, ag_backward_x_shape,
    ag_backward_x_data};
static const int64_t ag_backward_y_shape[] = {5, 5};
static const double ag_backward_y_data[] = {
    1.0171342096127747, 0.8112550047127344, 0.19338398774229884, 0.6271368946715874,
    0.6481877848629717, 0.612521580552347, 0.32459886158269424, 0.4662412509214632,
    0.9836631437025869, 0.795274588648287, 0.7796389753802151, 0.5545238371102915,
    0.9914241185954007, 0.26284114514414636, 0.2928273209919401, 0.3047729545774297,
    0.7245398391301225, 0.30295912216038146, 0.5394190303449553, 0.4671057323747364,
    0.8044875385557021, 0.40185411118695247, 0.6805799351369476, 0.23644140361860247,
    0.31985644590504947};
static const conf_array ag_backward_y = {
    2, ag_backward_y_shape,
    ag_backward_y_data};
static const int64_t ag_backward_z_shape[] = {5, 5};
static const double ag_backward_z_data[] = {
    0.42197758672177793, 0.2844085443018574, -0.36660773846786787, -0.7889132266556644,
    -0.5584391366269735, -0.8995728684693168, 0.7947410276906375, -0.6796650609333091,
    0.0873174693547862, 0.03791973593107132, -0.10395792720916246, 1.1258475567498096,
    1.9475797095710503, -0.48925374485119927, -0.8945642555736888, 0.30161982607225085,
    0.07514728148783528, -1.0250336840742216, -0.6398688995104206, 0.9614464402257795,
    -3.5327606323902914, -0.8450367949854241, 0.37007122451032204, -0.3765557033034551,
    0.6785690791487194};
static const conf_array ag_backward_z = {
    2, ag_backward_z_shape,
    ag_backward_z_data};
static const int64_t ag_backward_go_shape[] = {5, 5};
static const double ag_backward_go_data[] = {
    1.1394139673005717, 0.36630215159166907, 0.9864209459932497, -0.2682791815783223,
    0.3576902990688485, 0.9477433846407088, -0.48788548721452096, -1.6501756536012329,
    -0.8021742932465711, 1.1910010358084129, -1.0559798345944325, 0.028727479434174648,
    1.0118061731810664, 0.7772121893992079, -0.008297766095869748, 2.2210650626281296,
    0.34046935197449807, -0.09813002076874366, 0.35425845301901887, -0.272658872478668,
    0.7111049776341081, -2.9389860168886384, 0.48376244689366954, 1.0317822081783843,
    -1.8858156399823003};
static const conf_array ag_backward_go = {
    2, ag_backward_go_shape,
    ag_backward_go_data};
static const int64_t ag_backward_v_grad_shape[] = {5, 5};
static const double ag_backward_v_grad_data[] = {
    1.1394139673005717, 0.36630215159166907, 0.9864209459932497, -0.2682791815783223,
    0.3576902990688485, 0.9477433846407088, -0.48788548721452096, -1.6501756536012329,
    -0.8021742932465711, 1.1910010358084129, -1.0559798345944325, 0.028727479434174648,
    1.0118061731810664, 0.7772121893992079, -0.008297766095869748, 2.2210650626281296,
    0.34046935197449807, -0.09813002076874366, 0.35425845301901887, -0.272658872478668,
    0.7111049776341081, -2.9389860168886384, 0.48376244689366954, 1.0317822081783843,
    -1.8858156399823003};
static const conf_array ag_backward_v_grad = {
    2, ag_backward_v_grad_shape,
    ag_backward_v_grad_data};
static const int64_t ag_backward_x_grad_shape[] = {5, 5};
static const double ag_backward_x_grad_data[] = {
    1.9373021576052873, 0.5123944598234059, 3.7286581671520276, -1.3332631926403,
    1.0460540693386737, 5.9561785410073815, -4.2852489361592, -8.190049356868528,
    -0.8270447987838946, 1.199614654320465, -1.1145312364236035, 0.2913890116457379,
    16.495990008508308, 3.6084383396820843, -0.09900306678213666, 4.873010699815605,
    0.3510839192423443, -1.4594308927150315, 1.4298216991144361, -2.430972835274361,
    44.837943452397525, -23.82907714971856, 0.8731514092386471, 3.5068263952080914,
    -12.744876050922793};
static const conf_array ag_backward_x_grad = {
    2, ag_backward_x_grad_shape,
    ag_backward_x_grad_data};
static const int64_t ag_backward_y_grad_shape[] = {5, 5};
static const double ag_backward_y_grad_data[] = {
    1.0102758603632516, -0.12499699066672824, 23.03915704964158, 0.9143221107286534,
    -0.6852616894433863, 4.718564571379397, 15.58302541497482, 1.1279535290010463,
    -0.05945841527720056, 0.035119541863725796, -0.03549851507981715, 0.1629349596664898,
    2.477680887469453, -7.543841498427194, 0.2389211048323934, -18.98334018708544,
    0.04243065479784318, 3.5859179609380454, 0.10343517591901558, 1.3572169591144716,
    16.29817623392872, 40.17634414715337, -0.8126674280329662, 26.191320811083063,
    -23.020918919960486};
static const conf_array ag_backward_y_grad = {
    2, ag_backward_y_grad_shape,
    ag_backward_y_grad_data};
static const int64_t ag_backward_z_grad_shape[] = {5, 5};
static const double ag_backward_z_grad_data[] = {
    -1.3935243850805779, 1.6045832895904903, 24.878384350917496, 0.948914979700259,
    -0.8952333929529193, 8.167306389873053, -13.204360523220238, -0.7606174499772689,
    -1.0275663869346041, 1.3684239716207136, -3.0022957757763824, -0.1127134299485466,
    0.48683816561091076, -7.492686044745565, 0.1491277823136555, 40.39434508605066,
    -0.07814775944097713, 2.030520835136256, 0.7476760471545664, -1.7008525252803972,
    9.139133902786456, 34.668291818645756, 3.9767910862998264, 33.6232177780495,
    19.89312539266789};
static const conf_array ag_backward_z_grad = {
    2, ag_backward_z_grad_shape,
    ag_backward_z_grad_data};
#define AG_BACKWARD_BADCALLS_RAISES 1
#define AG_GRAD_BADCALLS_GRAD_X_Y_RAISES 1
#define AG_GRAD_BADCALLS_GRAD_Y_X_RAISES 1
#define AG_GRAD_BADCALLS_REQUIRES_GRAD_OK 1
static const int64_t ag_grad_x_shape[] = {2, 2};
static const double ag_grad_x_data[] = {
    0.3802917668949584, 0.10478212630591048, 0.1398972108388713, -0.43996224884582547};
static const conf_array ag_grad_x = {
    2, ag_grad_x_shape,
    ag_grad_x_data};
static const int64_t ag_grad_y_shape[] = {2, 2};
static const double ag_grad_y_data[] = {
    -0.3789888678604188, -0.56218188600004, -1.2306016319873438, 0.04758558694098366};
static const conf_array ag_grad_y = {
    2, ag_grad_y_shape,
    ag_grad_y_data};
static const int64_t ag_grad_x_grad_shape[] = {2, 2};
static const double ag_grad_x_grad_data[] = {
    0.38159466592949803, -0.35261763338821905, -0.9508072103096012, -0.8323389107506672};
static const conf_array ag_grad_x_grad = {
    2, ag_grad_x_grad_shape,
    ag_grad_x_grad_data};
static const int64_t ag_grad_y_grad_shape[] = {2, 2};
static const double ag_grad_y_grad_data[] = {
    -0.3776859688258792, -1.0195816456941695, -2.3213060531358165, -0.34479107496385814};
static const conf_array ag_grad_y_grad = {
    2, ag_grad_y_grad_shape,
    ag_grad_y_grad_data};
#define AG_GRAD_X_GRAD_REQUIRES_GRAD 1
static const int64_t ag_grad_x_hv_shape[] = {2, 2};
static const double ag_grad_x_hv_data[] = {
    5.0, 5.0, 5.0, 5.0};
static const conf_array ag_grad_x_hv = {
    2, ag_grad_x_hv_shape,
    ag_grad_x_hv_data};
#define AG_GRAD_MISMATCH_RAISES 1
static const int64_t ag_hessian_vector_x_shape[] = {2, 2};
static const double ag_hessian_vector_x_data[] = {
    0.7410966802673605, -0.9423472251639557, -1.1224193503094717, 1.7002101149338882};
static const conf_array ag_hessian_vector_x = {
    2, ag_hessian_vector_x_shape,
    ag_hessian_vector_x_data};
static const int64_t ag_hessian_vector_y_shape[] = {2, 2};
static const double ag_hessian_vector_y_data[] = {
    -3.4003478696466782, -0.5177380138739754, 1.198972761688961, -0.9093259812841079};
static const conf_array ag_hessian_vector_y = {
    2, ag_hessian_vector_y_shape,
    ag_hessian_vector_y_data};
static const int64_t ag_hessian_vector_x_grad_shape[] = {2, 2};
static const double ag_hessian_vector_x_grad_data[] = {
    3.0818454908880426, 2.597567535798113, 3.9541340610700173, 7.491094248583669};
static const conf_array ag_hessian_vector_x_grad = {
    2, ag_hessian_vector_x_grad_shape,
    ag_hessian_vector_x_grad_data};
static const int64_t ag_hessian_vector_y_grad_shape[] = {2, 2};
static const double ag_hessian_vector_y_grad_data[] = {
    -2.059599059025996, 2.0221767470880936, 5.27552617306845, 3.881558152365672};
static const conf_array ag_hessian_vector_y_grad = {
    2, ag_hessian_vector_y_grad_shape,
    ag_hessian_vector_y_grad_data};
static const int64_t ag_grad_nonleaf_x_init_shape[] = {2, 2};
static const double ag_grad_nonleaf_x_init_data[] = {
    -2.4731379061758774, 0.11851726803197178, -0.06685053731600286, -0.6190775349653501};
static const conf_array ag_grad_nonleaf_x_init = {
    2, ag_grad_nonleaf_x_init_shape,
    ag_grad_nonleaf_x_init_data};
static const int64_t ag_grad_nonleaf_y_shape[] = {2, 2};
static const double ag_grad_nonleaf_y_data[] = {
    0.47472480733440486, 1.1457618096722235, 0.10549945685235146, -2.508362877693931};
static const conf_array ag_grad_nonleaf_y = {
    2, ag_grad_nonleaf_y_shape,
    ag_grad_nonleaf_y_data};
static const int64_t ag_grad_nonleaf_x_final_shape[] = {2, 2};
static const double ag_grad_nonleaf_x_final_data[] = {
    -3.838101208212448, 0.5406227665496656, -0.07545922215133125, -1.762720871067507};
static const conf_array ag_grad_nonleaf_x_final = {
    2, ag_grad_nonleaf_x_final_shape,
    ag_grad_nonleaf_x_final_data};
#define AG_GRAD_NONLEAF_FINAL_GREATER 1
static const int64_t ag_grad_nonleaf_x_init_grad_shape[] = {2, 2};
static const double ag_grad_nonleaf_x_init_grad_data[] = {
    1.61051, 1.61051, 1.61051, 1.61051};
static const conf_array ag_grad_nonleaf_x_init_grad = {
    2, ag_grad_nonleaf_x_init_grad_shape,
    ag_grad_nonleaf_x_init_grad_data};
static const int64_t ag_grad_nonleaf_y_grad_shape[] = {2, 2};
static const double ag_grad_nonleaf_y_grad_data[] = {
    0.30525500000000005, 0.30525500000000005, 0.30525500000000005, 0.30525500000000005};
static const conf_array ag_grad_nonleaf_y_grad = {
    2, ag_grad_nonleaf_y_grad_shape,
    ag_grad_nonleaf_y_grad_data};
static const int64_t ag_grad_nonleaf_many_outputs_x_shape[] = {4, 2};
static const double ag_grad_nonleaf_many_outputs_x_data[] = {
    -0.8100560274892088, 0.18752729514654914, -0.3756098149441072, 0.15073909521150675,
    1.54193045275576, -0.6399822224549291, 1.5609938685881428, 1.8512518551256791};
static const conf_array ag_grad_nonleaf_many_outputs_x = {
    2, ag_grad_nonleaf_many_outputs_x_shape,
    ag_grad_nonleaf_many_outputs_x_data};
static const int64_t ag_grad_nonleaf_many_outputs_go_shape[] = {2, 2};
static const double ag_grad_nonleaf_many_outputs_go_data[] = {
    -0.010809978104606899, -0.7839402310812055, -1.1474856731546155, -0.7898350699143204};
static const conf_array ag_grad_nonleaf_many_outputs_go = {
    2, ag_grad_nonleaf_many_outputs_go_shape,
    ag_grad_nonleaf_many_outputs_go_data};
static const int64_t ag_grad_nonleaf_many_outputs_ga_shape[] = {2, 2};
static const double ag_grad_nonleaf_many_outputs_ga_data[] = {
    -0.010809978104606899, -0.7839402310812055, -1.1474856731546155, -0.7898350699143204};
static const conf_array ag_grad_nonleaf_many_outputs_ga = {
    2, ag_grad_nonleaf_many_outputs_ga_shape,
    ag_grad_nonleaf_many_outputs_ga_data};
static const int64_t ag_grad_nonleaf_many_outputs_gb_shape[] = {2, 2};
static const double ag_grad_nonleaf_many_outputs_gb_data[] = {
    -0.021619956209213798, -1.567880462162411, -2.294971346309231, -1.5796701398286408};
static const conf_array ag_grad_nonleaf_many_outputs_gb = {
    2, ag_grad_nonleaf_many_outputs_gb_shape,
    ag_grad_nonleaf_many_outputs_gb_data};
#define AG_GRAD_NONLEAF_MANY_OUTPUTS_X_GRAD_NONE 1
static const int64_t ag_grad_unreachable_gx_shape[] = {1};
static const double ag_grad_unreachable_gx_data[] = {
    2.0};
static const conf_array ag_grad_unreachable_gx = {
    1, ag_grad_unreachable_gx_shape,
    ag_grad_unreachable_gx_data};
#define AG_GRAD_UNREACHABLE_GY_NONE 1
#define AG_GRAD_UNREACHABLE_NOT_ALLOWED_RAISES 1
static const int64_t ag_multi_backward_x_shape[] = {5, 5};
static const double ag_multi_backward_x_data[] = {
    1.2017318854177998, 0.45457331464145745, 0.784977530437872, 0.9828635377788472,
    1.5618382930073738, -0.757581796912381, 1.3757360381253767, -0.8762290863275979,
    -0.7579491647136819, -0.6342502412982558, -1.410939645698177, -0.5233926248680428,
    0.23429317597415186, -0.5865622102610164, -0.6073084702384429, -0.44535180423708187,
    0.5414521252383098, 0.9315839479769983, 2.4264803982178584, 0.6921372300204344,
    -3.7620059739677254, 0.3003638168484068, 0.7162035225734315, 0.3023133044545576,
    0.2973267078839041};
static const conf_array ag_multi_backward_x = {
    2, ag_multi_backward_x_shape,
    ag_multi_backward_x_data};
static const int64_t ag_multi_backward_y_shape[] = {5, 5};
static const double ag_multi_backward_y_data[] = {
    1.5802516234502837, 0.32392326627312884, 0.10014887894041273, 1.7464237041401762,
    -0.4713005402912755, 2.626696772030658, -1.1219086087336185, 0.9032166553221918,
    -0.06127686477783512, 0.7365926967522949, -0.8047538731480044, 1.3045015091025347,
    0.7533783386752534, 0.5442057475792431, 0.7608827387947981, -0.7766646509358589,
    -1.0175313134196848, 1.0135048362188264, -0.08648362266409469, 0.3478659906359222,
    0.4541173987655785, 2.1240855401393657, -0.23935044566133062, -1.1925550508924463,
    0.23229253200710398};
static const conf_array ag_multi_backward_y = {
    2, ag_multi_backward_y_shape,
    ag_multi_backward_y_data};
static const int64_t ag_multi_backward_q_shape[] = {5, 5};
static const double ag_multi_backward_q_data[] = {
    0.5043358295529276, 0.3288593132428009, 0.3469899244992894, -0.5655753664566944,
    0.11480037979229334, 1.3819027516188862, 1.2778866877743278, 0.8808048513912504,
    1.570788804949679, 1.766257111350153, -1.0736802493228417, 0.1280585368162255,
    -1.4325189955551008, 1.495954273741783, 1.071402504303853, -1.8029324292733697,
    0.6298761772750354, 1.0451330075521712, -0.1384567708779537, -0.45507980001703796,
    -0.027035222191946942, -0.13326046438996464, -0.04842285489437063, 1.2093649096666805,
    -0.4174754167806022};
static const conf_array ag_multi_backward_q = {
    2, ag_multi_backward_q_shape,
    ag_multi_backward_q_data};
static const int64_t ag_multi_backward_a_shape[] = {5, 5};
static const double ag_multi_backward_a_data[] = {
    1.041479269006354, -1.3347570210700272, -0.28544069573433273, 0.11764270198160201,
    0.7304279037486867, -1.5611067588740466, -1.0305539123109542, 2.266475393132522,
    1.958547836586127, -1.861397227436654, -0.6743530228284784, -0.49278888281025246,
    0.4772421981493024, 0.8225124301897614, 1.3017762974383165, -0.010884457375659434,
    -0.19884119711902837, 0.10926759910726848, -0.423087149229785, -2.389006640885883,
    1.1627731929641105, 0.7232737326158744, -1.1038895877177608, -0.6652938540842991,
    -0.9676941838935742};
static const conf_array ag_multi_backward_a = {
    2, ag_multi_backward_a_shape,
    ag_multi_backward_a_data};
static const int64_t ag_multi_backward_b_shape[] = {5, 5};
static const double ag_multi_backward_b_data[] = {
    -0.5941981085750936, -1.4255576874440157, -0.02408723613586879, 0.7669260904988803,
    -0.27417522781300174, -0.6318071282726094, -1.0106845088536893, 1.132826087135651,
    0.6062078193460911, -0.5312710913790061, 1.1752184793166462, -1.0928159274239075,
    -1.6385616491103705, -0.9874973337650034, 0.2713460822890317, -0.6772945881395527,
    0.5294073006304252, -0.5780930524021678, -0.4142388524802112, -0.5922472468472678,
    0.8378456462639682, 0.08513385060206938, 0.14131274635721214, -0.6510072950750367,
    -0.8410598501256479};
static const conf_array ag_multi_backward_b = {
    2, ag_multi_backward_b_shape,
    ag_multi_backward_b_data};
static const int64_t ag_multi_backward_gz_shape[] = {5, 5};
static const double ag_multi_backward_gz_data[] = {
    0.40643103811285775, 0.9698392300088362, -0.3859729426864807, 1.3071960551451165,
    -1.4957072919984489, -2.5073184766908567, 0.74674738960892, 1.4599227502353336,
    1.344861190584272, 0.10174259240408073, 0.9707616028345206, 2.0397077817197475,
    -0.6187846974604575, 0.8243706648643031, -0.19609788953449955, 2.069022760615301,
    -0.5801260358814084, 1.5815904066965951, -1.3339440185199292, -0.2801614963329982,
    -1.6240850356040923, -0.46835119169899747, -1.2580055443989693, -0.17801745674859215,
    0.8303577675279163};
static const conf_array ag_multi_backward_gz = {
    2, ag_multi_backward_gz_shape,
    ag_multi_backward_gz_data};
static const int64_t ag_multi_backward_gc_shape[] = {5, 5};
static const double ag_multi_backward_gc_data[] = {
    0.13483322202088288, 1.08865641058922, -0.755397632534403, -0.41243334012825733,
    0.4957608605086022, -0.47228583331451124, -0.2808236998449145, 1.1025891453655952,
    0.41071142144993866, 0.8142666353724949, -1.4742018884678658, -0.05304671645468894,
    -0.13274439961175827, -1.6832999174815049, 2.4307365423250222, 0.5322393854142154,
    -1.041407052145249, 1.3555834768036679, -0.7985473694352615, 2.183518133650198,
    -0.5564792768760054, 0.7558382691676471, -0.13794221973351165, 0.7142727684849849,
    0.21176408600941757};
static const conf_array ag_multi_backward_gc = {
    2, ag_multi_backward_gc_shape,
    ag_multi_backward_gc_data};
static const int64_t ag_multi_backward_x_grad_shape[] = {5, 5};
static const double ag_multi_backward_x_grad_data[] = {
    0.40643103811285775, 0.9698392300088362, -0.3859729426864807, 1.3071960551451165,
    -1.4957072919984489, -2.5073184766908567, 0.74674738960892, 1.4599227502353336,
    1.344861190584272, 0.10174259240408073, 0.9707616028345206, 2.0397077817197475,
    -0.6187846974604575, 0.8243706648643031, -0.19609788953449955, 2.069022760615301,
    -0.5801260358814084, 1.5815904066965951, -1.3339440185199292, -0.2801614963329982,
    -1.6240850356040923, -0.46835119169899747, -1.2580055443989693, -0.17801745674859215,
    0.8303577675279163};
static const conf_array ag_multi_backward_x_grad = {
    2, ag_multi_backward_x_grad_shape,
    ag_multi_backward_x_grad_data};
static const int64_t ag_multi_backward_y_grad_shape[] = {5, 5};
static const double ag_multi_backward_y_grad_data[] = {
    0.40643103811285775, 0.9698392300088362, -0.3859729426864807, 1.3071960551451165,
    -1.4957072919984489, -2.5073184766908567, 0.74674738960892, 1.4599227502353336,
    1.344861190584272, 0.10174259240408073, 0.9707616028345206, 2.0397077817197475,
    -0.6187846974604575, 0.8243706648643031, -0.19609788953449955, 2.069022760615301,
    -0.5801260358814084, 1.5815904066965951, -1.3339440185199292, -0.2801614963329982,
    -1.6240850356040923, -0.46835119169899747, -1.2580055443989693, -0.17801745674859215,
    0.8303577675279163};
static const conf_array ag_multi_backward_y_grad = {
    2, ag_multi_backward_y_grad_shape,
    ag_multi_backward_y_grad_data};
static const int64_t ag_multi_backward_q_grad_shape[] = {5, 5};
static const double ag_multi_backward_q_grad_data[] = {
    1.0825285202674813, 4.116991281196112, -2.282741150441767, 1.7895254300337182,
    -1.9998928629796935, -5.959208620010736, 0.9318473795280109, 5.1250237912018575,
    3.5111452240684216, 1.8320184555531513, -1.0068805712666904, 3.9733221305301174,
    -1.5030581941444314, -1.7178585052344035, 4.469277305581046, 5.202524292059032,
    -3.243066176053315, 5.8743477670005255, -4.264982775910381, 3.8067132746343995,
    -4.3611286249601955, 0.5749741549372992, -2.791895528264962, 1.0725106234727855,
    2.084243707074668};
static const conf_array ag_multi_backward_q_grad = {
    2, ag_multi_backward_q_grad_shape,
    ag_multi_backward_q_grad_data};
static const int64_t ag_multi_backward_a_grad_shape[] = {5, 5};
static const double ag_multi_backward_a_grad_data[] = {
    -0.08011764549789427, -1.5519425151006714, 0.018195441151332405, -0.31630588913595936,
    -0.13592534687071578, 0.2983935560702776, 0.2838241631522333, 1.2490417472627486,
    0.24897647517770072, -0.43259632404785653, -1.7325093015709334, 0.05797029663922395,
    0.21750988233800866, 1.6622541804398363, 0.6595708378366818, -0.3604828553357697,
    -0.5513284963337047, -0.7836533898913756, 0.330789345965954, -1.2931826030954143,
    -0.46624373936668245, 0.06434742228664517, -0.019492993909152555, -0.46499678295716795,
    -0.17810627044107555};
static const conf_array ag_multi_backward_a_grad = {
    2, ag_multi_backward_a_grad_shape,
    ag_multi_backward_a_grad_data};
static const int64_t ag_multi_backward_b_grad_shape[] = {5, 5};
static const double ag_multi_backward_b_grad_data[] = {
    0.14042600550808051, -1.4530917875668559, 0.2156212257866878, -0.04851977251998527,
    0.3621175661019434, 0.7372886065077449, 0.28940396254481376, 2.4989911667061384,
    0.8043979659419904, -1.5156736574765348, 0.9941324997477567, 0.0261408321384584,
    -0.06335122906272492, -1.3845351058659374, 3.164275216115883, -0.005793136904188202,
    0.2070746249367597, 0.14812135189982037, 0.33785513005930873, -5.216439321785073,
    -0.6470591855914721, 0.546677966194806, 0.15227298007049894, -0.47520128301283787,
    -0.20492287438885198};
static const conf_array ag_multi_backward_b_grad = {
    2, ag_multi_backward_b_grad_shape,
    ag_multi_backward_b_grad_data};
#define AG_MULTI_BACKWARD_NO_GRAD_RAISES 1
static const int64_t ag_duplicate_backward_root_a_shape[] = {5, 5};
static const double ag_duplicate_backward_root_a_data[] = {
    -0.8801131729891396, 0.7493785400091024, -1.3439596360467316, 0.7557048582347725,
    0.4256390702051319, 0.9052674833375809, -1.1366359126417005, -2.266306794375193,
    1.2756343279807967, -0.8759328456687646, 1.9714330057414837, -0.368204852192687,
    1.169270977996929, -0.947159977287742, -0.37441573981402193, 0.08859613031725613,
    -1.5704439408710302, 0.9558325812564336, 2.24260241868927, -0.8066949846419242,
    -0.8522870950714394, 1.4061274520989517, 1.1243337094178762, 2.4671605002530606,
    -0.4602114915387884};
static const conf_array ag_duplicate_backward_root_a = {
    2, ag_duplicate_backward_root_a_shape,
    ag_duplicate_backward_root_a_data};
static const int64_t ag_duplicate_backward_root_b_shape[] = {5, 5};
static const double ag_duplicate_backward_root_b_data[] = {
    0.964800399238746, 0.17879676728609897, -2.7081895956833195, 0.8412346698939926,
    -0.027303990684464156, -0.433815559443281, 0.5121555173114797, 0.02148516429793755,
    -1.0404382191072745, -0.8150609170987988, 0.14432217045988338, 0.22943565253611034,
    -1.4827051014868078, 0.6025429596121028, 1.9973568933426715, -0.9391193211280908,
    0.2823626437282928, 0.5239395498247319, 0.5330204685981111, 0.33987563872938753,
    1.3857992720897672, 1.489983830387719, 0.4279787099728423, -1.3943369393945153,
    -0.8310934493873781};
static const conf_array ag_duplicate_backward_root_b = {
    2, ag_duplicate_backward_root_b_shape,
    ag_duplicate_backward_root_b_data};
static const int64_t ag_duplicate_backward_root_go_shape[] = {5, 5};
static const double ag_duplicate_backward_root_go_data[] = {
    0.947407620790209, -0.9220140012184233, 0.9227866774530178, -0.17433837714639547,
    -1.2532259412868036, 0.6322617933924112, 1.264969625916152, -1.0397197833892635,
    1.0270039400361155, 0.14958916259617874, -0.7141309279740463, 1.0937953966450764,
    -1.387022636358197, -0.6568522948731695, -0.43781067795378736, -0.5457799805900873,
    -0.11493714759202801, 0.8827876516809114, 0.4271110812140197, -1.0709731633308237,
    -2.5826480534832545, -0.3900222090404318, 0.6520055805170689, -0.32976442828334623,
    -1.6449455438182836};
static const conf_array ag_duplicate_backward_root_go = {
    2, ag_duplicate_backward_root_go_shape,
    ag_duplicate_backward_root_go_data};
static const int64_t ag_duplicate_backward_root_a_grad_shape[] = {5, 5};
static const double ag_duplicate_backward_root_a_grad_data[] = {
    1.8281185015604484, -0.3297062456207508, -4.998162557826884, -0.29331897429720477,
    0.06843613885284743, -0.5485700072302819, 1.2957223462887915, -0.04467710073986873,
    -2.1370683007746605, -0.24384856010736555, -0.20612985103549003, 0.5019113211405135,
    4.11309107761196, -0.7915634515617624, -1.748928351180051, 1.0251050497141307,
    -0.06490791371334802, 0.925054729625058, 0.45531789730428535, -0.7279953758981927,
    -7.158063585162297, -1.1622535699246845, 0.5580890144895787, 0.9196054473075662,
    2.7342069321326674};
static const conf_array ag_duplicate_backward_root_a_grad = {
    2, ag_duplicate_backward_root_a_grad_shape,
    ag_duplicate_backward_root_a_grad_data};
static const int64_t ag_duplicate_backward_root_b_grad_shape[] = {5, 5};
static const double ag_duplicate_backward_root_b_grad_data[] = {
    -1.6676518544955248, -1.3818750122020256, -2.480376094357061, -0.2634967171725942,
    -1.0668438488125327, 1.1447320850297071, -2.875619810434472, 4.712648018682783,
    2.620162961763201, -0.26206012174815674, -2.8157225636576584, -0.8054815447014836,
    -3.243610629036856, 1.244288409386945, 0.32784641776909157, -0.09670798856981778,
    0.3610046940337994, 1.6875943996149418, 1.9156806875590997, 1.7278973590901436,
    4.402315214190301, -1.0968418701200542, 1.4661437058078237, -1.62716354369841,
    1.5140456844413914};
static const conf_array ag_duplicate_backward_root_b_grad = {
    2, ag_duplicate_backward_root_b_grad_shape,
    ag_duplicate_backward_root_b_grad_data};
#define AG_BACKWARD_NO_GRAD_RAISES 1
#define AG_BACKWARD_TWICE_WITH_SAVED_VALUES_RAISES 1
#define AG_BACKWARD_TWICE_RETAINED_GRAPH_WITH_SAVED_VALUES_RAISES 0
#define AG_BACKWARD_TWICE_WITHOUT_SAVED_VALUES_RAISES 0
static const int64_t ag_backward_twice_without_saved_values_b_grad_shape[] = {3};
static const double ag_backward_twice_without_saved_values_b_grad_data[] = {
    2.0, 2.0, 2.0};
static const conf_array ag_backward_twice_without_saved_values_b_grad = {
    1, ag_backward_twice_without_saved_values_b_grad_shape,
    ag_backward_twice_without_saved_values_b_grad_data};
#define AG_REQUIRES_GRAD_A 0
#define AG_REQUIRES_GRAD_B 1
#define AG_REQUIRES_GRAD_A_IS_LEAF 1
#define AG_REQUIRES_GRAD_B_IS_LEAF 0
#define AG_REQUIRES_GRAD_VIEW_OF_LEAF 1
#define AG_REQUIRES_GRAD_VIEW_OF_LEAF_IS_LEAF 0
#define AG_REQUIRES_GRAD_VIEW_OF_PLAIN 0
#define AG_REQUIRES_GRAD_DETACH_OF_LEAF 0
#define AG_REQUIRES_GRAD__NONLEAF_FALSE_RAISES 1
#define AG_REQUIRES_GRAD__NONLEAF_TRUE_OK 1
#define AG_REQUIRES_GRAD__X 1
#define AG_REQUIRES_GRAD__Y 0
#define AG_SET_REQUIRES_GRAD_ONLY_FOR_FLOATS_I64_RAISES 1
#define AG_SET_REQUIRES_GRAD_ONLY_FOR_FLOATS_BOOL_RAISES 1
#define AG_SET_REQUIRES_GRAD_ONLY_FOR_FLOATS_F32_OK 1
#define AG_REQUIRES_GRAD_INPLACE_LEAF 1
#define AG_REQUIRES_GRAD_INPLACE_NONLEAF 1
static const int64_t ag_no_requires_grad_inplace_grad_shape[] = {2, 3};
static const double ag_no_requires_grad_inplace_grad_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0};
static const conf_array ag_no_requires_grad_inplace_grad = {
    2, ag_no_requires_grad_inplace_grad_shape,
    ag_no_requires_grad_inplace_grad_data};
static const int64_t ag_no_requires_grad_inplace_view_grad_shape[] = {2, 3};
static const double ag_no_requires_grad_inplace_view_grad_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0};
static const conf_array ag_no_requires_grad_inplace_view_grad = {
    2, ag_no_requires_grad_inplace_view_grad_shape,
    ag_no_requires_grad_inplace_view_grad_data};
#define AG_NO_REQUIRES_GRAD_INPLACE_LEAF_INPLACE_RAISES 1
#define AG_NO_REQUIRES_GRAD_INPLACE_VIEW_INPLACE_RAISES 1
#define AG_DETACH_Y 0
#define AG_DETACH_Z 0
#define AG_DETACH_Y_GRAD_FN_NONE 1
static const int64_t ag_detach_x_grad_shape[] = {10, 10};
static const double ag_detach_x_grad_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0, 1.0, 1.0, 1.0, 1.0};
static const conf_array ag_detach_x_grad = {
    2, ag_detach_x_grad_shape,
    ag_detach_x_grad_data};
#define AG_NO_GRAD_W 0
#define AG_NO_GRAD_W_GRAD_FN_NONE 1
#define AG_NO_GRAD_BACKWARD_RAISES 1
#define AG_SET_GRAD_ENABLED_OFF 0
#define AG_SET_GRAD_ENABLED_ON 1
#define AG_SET_GRAD_ENABLED_OFF_THEN_ON 1
#define AG_NO_GRAD_MODIFIES_VERSION_RAISES 1
#define AG_NO_GRAD_ASSIGNMENT_REQUIRES_GRAD 1
#define AG_NO_GRAD_ASSIGNMENT_GRAD_FN_NONE 1
#define AG_INPLACE_Q_BACKWARD_RAISES 0
#define AG_INPLACE_W_BACKWARD_RAISES 1
#define AG_INPLACE_W2_BACKWARD_RAISES 0
#define AG_INPLACE_R2_BACKWARD_RAISES 0
#define AG_INPLACE_Q2_BACKWARD_RAISES 1
static const int64_t ag_inplace_x_after_add_shape[] = {5, 5};
static const double ag_inplace_x_after_add_data[] = {
    11.0, 11.0, 11.0, 11.0, 11.0, 11.0, 11.0, 11.0, 11.0, 11.0, 11.0, 11.0, 11.0, 11.0, 11.0,
    11.0, 11.0, 11.0, 11.0, 11.0, 11.0, 11.0, 11.0, 11.0, 11.0};
static const conf_array ag_inplace_x_after_add = {
    2, ag_inplace_x_after_add_shape,
    ag_inplace_x_after_add_data};
static const int64_t ag_inplace_leaf_grad_shape[] = {5, 5};
static const double ag_inplace_leaf_grad_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0};
static const conf_array ag_inplace_leaf_grad = {
    2, ag_inplace_leaf_grad_shape,
    ag_inplace_leaf_grad_data};
#define AG_INPLACE_Z_BACKWARD_RAISES 1
static const int64_t ag_leaf_assignment_x_shape[] = {5, 5};
static const double ag_leaf_assignment_x_data[] = {
    -1.5306009551084119, -0.6076012868931995, 0.7103944796301225, -0.643101743566988,
    0.11215892632523423, 0.4574533103953091, 0.610415559180177, -0.5108529413467459,
    -1.4868286149008485, 0.19531047432120974, 1.1251144028127664, -0.33765809795707263,
    -1.4987564953972308, 0.4262328422031995, 1.4922564402416318, -0.15274870325669182,
    -1.004881781866817, -0.5789316386049339, 0.7360166587893799, 0.32920008557267105,
    -1.0564240402507141, 0.2017080133203455, 0.8696020158815203, 0.2534096307599576,
    -0.24785716452999285};
static const conf_array ag_leaf_assignment_x = {
    2, ag_leaf_assignment_x_shape,
    ag_leaf_assignment_x_data};
static const int64_t ag_leaf_assignment_y_shape[] = {5};
static const double ag_leaf_assignment_y_data[] = {
    -0.5281943141580044, 1.1167715293293492, 0.9501525547315421, -0.46383524112556657,
    1.7607272406940977};
static const conf_array ag_leaf_assignment_y = {
    1, ag_leaf_assignment_y_shape,
    ag_leaf_assignment_y_data};
static const int64_t ag_leaf_assignment_z_shape[] = {5};
static const double ag_leaf_assignment_z_data[] = {
    0.5700456141887826, -1.6136106200722633, 0.6604934181012544, -0.45046125908603446,
    0.4056406951488672};
static const conf_array ag_leaf_assignment_z = {
    1, ag_leaf_assignment_z_shape,
    ag_leaf_assignment_z_data};
#define AG_LEAF_ASSIGNMENT_REQUIRES_GRAD 1
static const int64_t ag_leaf_assignment_y_grad_shape[] = {5};
static const double ag_leaf_assignment_y_grad_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0};
static const conf_array ag_leaf_assignment_y_grad = {
    1, ag_leaf_assignment_y_grad_shape,
    ag_leaf_assignment_y_grad_data};
static const int64_t ag_leaf_assignment_z_grad_shape[] = {5};
static const double ag_leaf_assignment_z_grad_data[] = {
    2.0, 2.0, 2.0, 2.0, 2.0};
static const conf_array ag_leaf_assignment_z_grad = {
    1, ag_leaf_assignment_z_grad_shape,
    ag_leaf_assignment_z_grad_data};
static const int64_t ag_type_conversion_backward_f_grad_shape[] = {5, 5};
static const double ag_type_conversion_backward_f_grad_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0};
static const conf_array ag_type_conversion_backward_f_grad = {
    2, ag_type_conversion_backward_f_grad_shape,
    ag_type_conversion_backward_f_grad_data};
#define AG_TYPE_CONVERSION_BACKWARD_F_GRAD_IS_F32 1
#define AG_TYPE_CONVERSION_BACKWARD_D_GRAD_IS_F64 1
static const int64_t ag_isolated_node_x_shape[] = {5, 5};
static const double ag_isolated_node_x_data[] = {
    0.7219558364921213, -0.1806808135037124, -2.149852295594949, 0.037301539674440116,
    -0.057366582316690055, 0.07001923005352652, -0.059609889177954324, 0.06921906586581743,
    0.7490261698618303, 0.880970392946824, 0.357421029990634, -1.0442020859887997,
    0.046590142174801376, 2.6975501177369283, 0.7266623185340899, -0.5542707429286619,
    0.6180226743836111, -0.204976426059975, -0.1463679001381851, 0.03505831435500602,
    1.3053583165379843, 0.36048935238289725, -0.6531950471392955, -0.3575287579726802,
    -0.5479703000934931};
static const conf_array ag_isolated_node_x = {
    2, ag_isolated_node_x_shape,
    ag_isolated_node_x_data};
static const int64_t ag_isolated_node_y_shape[] = {5, 5};
static const double ag_isolated_node_y_data[] = {
    0.07560955456210448, 0.036963918145005284, -0.17561990208681735, 0.4496134572419766,
    0.32140057930372856, -0.5361862142532642, 0.32083088962678313, 0.5738835200356239,
    -0.24284951541536032, 1.2959964334465264, 0.588174945323195, -0.47419054108974695,
    0.07754844272754012, 0.8852399810625642, 0.19926289485541707, -1.5984125406940075,
    -0.594543901886333, 0.6297326200280391, -1.103430303041942, -1.4136387973993216,
    0.1607705968609606, -0.76096477454176, 0.8702964719001828, 1.021491711817716,
    0.04429207744954845};
static const conf_array ag_isolated_node_y = {
    2, ag_isolated_node_y_shape,
    ag_isolated_node_y_data};
static const int64_t ag_isolated_node_x_grad_shape[] = {5, 5};
static const double ag_isolated_node_x_grad_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0};
static const conf_array ag_isolated_node_x_grad = {
    2, ag_isolated_node_x_grad_shape,
    ag_isolated_node_x_grad_data};
#define AG_NO_UNNECESSARY_SAVE_RAISES 0
static const int64_t ag_no_unnecessary_save_mu_grad_shape[] = {1};
static const double ag_no_unnecessary_save_mu_grad_data[] = {
    3.0};
static const conf_array ag_no_unnecessary_save_mu_grad = {
    1, ag_no_unnecessary_save_mu_grad_shape,
    ag_no_unnecessary_save_mu_grad_data};
#define AG_INFERENCE_MODE_ENABLED_INITIALLY 0
#define AG_INFERENCE_MODE_ENABLED_INSIDE 1
#define AG_INFERENCE_MODE_GRAD_ENABLED_INSIDE 0
#define AG_INFERENCE_MODE_NESTED_FALSE 0
#define AG_INFERENCE_MODE_OP_REQUIRES_GRAD 0
#define AG_INFERENCE_MODE_EXISTING_SESSION_INPLACE_RAISES 1
#define AG_INFERENCE_MODE_INFERENCE_TENSOR_SAVED_RAISES 1
#define AG_INFERENCE_MODE_INFERENCE_TENSOR_FUNCTIONAL_OK 1
#define AG_INFERENCE_MODE_INFERENCE_TENSOR_INPLACE_OUTSIDE_RAISES 1

#endif
