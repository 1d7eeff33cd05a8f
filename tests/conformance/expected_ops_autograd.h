/* expected_ops_autograd.h — written by gen_programs.py with torch
   2.15.0+cu132; do not edit. */
/* Eager autograd of ops: value, gradient, second derivative (CONF_EAGER). */
#ifndef STRATA_CONF_EXPECTED_OPS_AUTOGRAD_H
#define STRATA_CONF_EXPECTED_OPS_AUTOGRAD_H

#include <math.h>

#include "conf.h"

static const int64_t conf_autograd_neg_in_0_shape[] = {3, 4};
static const double conf_autograd_neg_in_0_data[] = {
    -0.0029746094812381253, 0.36314458861889026, -0.3581763502918579, 0.3998644906785895,
    0.9738556112982066, 1.4726783623664095, 0.8007285160650446, 0.5748864380016988,
    0.7794019393159726, 0.7569752461866219, 1.0141343374972003, -0.6722677811612312};
static const conf_array conf_autograd_neg_in[] = {
    {2, conf_autograd_neg_in_0_shape,
     conf_autograd_neg_in_0_data}};
static const int64_t conf_autograd_neg_out_0_shape[] = {3, 4};
static const double conf_autograd_neg_out_0_data[] = {
    0.0029746094812381253, -0.36314458861889026, 0.3581763502918579, -0.3998644906785895,
    -0.9738556112982066, -1.4726783623664095, -0.8007285160650446, -0.5748864380016988,
    -0.7794019393159726, -0.7569752461866219, -1.0141343374972003, 0.6722677811612312};
static const int64_t conf_autograd_neg_out_1_shape[] = {3, 4};
static const double conf_autograd_neg_out_1_data[] = {
    0.5, -1.25, -0.25, 0.75, -1.0, -0.0, 1.0, -0.75, 0.25, 1.25, -0.5, 0.5};
static const int64_t conf_autograd_neg_out_2_shape[] = {3, 4};
static const double conf_autograd_neg_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_neg_out[] = {
    {2, conf_autograd_neg_out_0_shape,
     conf_autograd_neg_out_0_data},
    {2, conf_autograd_neg_out_1_shape,
     conf_autograd_neg_out_1_data},
    {2, conf_autograd_neg_out_2_shape,
     conf_autograd_neg_out_2_data}};
CONF_PROG(conf_autograd_neg,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo neg)",
          CONF_EAGER,
    "prog conf_autograd_neg\n"
    "in 3,4\n"
    "v1 = neg v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_neg_in, 1,
          conf_autograd_neg_out, 3, 0)
static const int64_t conf_autograd_abs_in_0_shape[] = {3, 4};
static const double conf_autograd_abs_in_0_data[] = {
    -1.3781570734099406, 0.7179717627241112, 0.9556135200704786, -1.4414107144624118,
    -1.4199875054528315, 1.3739634936600322, -0.8354424374856763, -0.6524615063890605,
    -0.6068338826672326, -1.2618054710606414, -1.0940600856973648, -0.9704393091622872};
static const conf_array conf_autograd_abs_in[] = {
    {2, conf_autograd_abs_in_0_shape,
     conf_autograd_abs_in_0_data}};
static const int64_t conf_autograd_abs_out_0_shape[] = {3, 4};
static const double conf_autograd_abs_out_0_data[] = {
    1.3781570734099406, 0.7179717627241112, 0.9556135200704786, 1.4414107144624118,
    1.4199875054528315, 1.3739634936600322, 0.8354424374856763, 0.6524615063890605,
    0.6068338826672326, 1.2618054710606414, 1.0940600856973648, 0.9704393091622872};
static const int64_t conf_autograd_abs_out_1_shape[] = {3, 4};
static const double conf_autograd_abs_out_1_data[] = {
    0.5, 1.25, 0.25, 0.75, -1.0, 0.0, 1.0, -0.75, 0.25, 1.25, -0.5, 0.5};
static const int64_t conf_autograd_abs_out_2_shape[] = {3, 4};
static const double conf_autograd_abs_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_abs_out[] = {
    {2, conf_autograd_abs_out_0_shape,
     conf_autograd_abs_out_0_data},
    {2, conf_autograd_abs_out_1_shape,
     conf_autograd_abs_out_1_data},
    {2, conf_autograd_abs_out_2_shape,
     conf_autograd_abs_out_2_data}};
CONF_PROG(conf_autograd_abs,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo abs)",
          CONF_EAGER,
    "prog conf_autograd_abs\n"
    "in 3,4\n"
    "v1 = abs v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_abs_in, 1,
          conf_autograd_abs_out, 3, 0)
static const int64_t conf_autograd_sign_in_0_shape[] = {3, 4};
static const double conf_autograd_sign_in_0_data[] = {
    -1.1721392523897718, 1.2039159324219812, 1.2974775719367255, -1.3916101897283217,
    -1.2678318746031805, -1.2929991947661703, 0.8324356329196675, 1.4699980831178814,
    -1.3107427016526492, 1.0199840857302833, -1.1907708363599934, 0.8607471303958811};
static const conf_array conf_autograd_sign_in[] = {
    {2, conf_autograd_sign_in_0_shape,
     conf_autograd_sign_in_0_data}};
static const int64_t conf_autograd_sign_out_0_shape[] = {3, 4};
static const double conf_autograd_sign_out_0_data[] = {
    -1.0, 1.0, 1.0, -1.0, -1.0, -1.0, 1.0, 1.0, -1.0, 1.0, -1.0, 1.0};
static const int64_t conf_autograd_sign_out_1_shape[] = {3, 4};
static const double conf_autograd_sign_out_1_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_sign_out_2_shape[] = {3, 4};
static const double conf_autograd_sign_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_sign_out[] = {
    {2, conf_autograd_sign_out_0_shape,
     conf_autograd_sign_out_0_data},
    {2, conf_autograd_sign_out_1_shape,
     conf_autograd_sign_out_1_data},
    {2, conf_autograd_sign_out_2_shape,
     conf_autograd_sign_out_2_data}};
CONF_PROG(conf_autograd_sign,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo sign)",
          CONF_EAGER,
    "prog conf_autograd_sign\n"
    "in 3,4\n"
    "v1 = sign v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_sign_in, 1,
          conf_autograd_sign_out, 3, 0)
static const int64_t conf_autograd_exp_in_0_shape[] = {3, 4};
static const double conf_autograd_exp_in_0_data[] = {
    -0.6339477205833586, -0.0037990230172111968, 0.5891756332833917, 1.2200658761545562,
    -1.1329685704395718, -1.7234721739340384, 1.668416415660067, 0.16847225043066844,
    0.6115770975848299, -0.3367568159048654, 1.2671320083874686, -0.8434108715000314};
static const conf_array conf_autograd_exp_in[] = {
    {2, conf_autograd_exp_in_0_shape,
     conf_autograd_exp_in_0_data}};
static const int64_t conf_autograd_exp_out_0_shape[] = {3, 4};
static const double conf_autograd_exp_out_0_data[] = {
    0.5304934220236673, 0.9962081841411227, 1.802501880200311, 3.3874108758737815,
    0.3220757313896679, 0.17844547726203816, 5.303762188698024, 1.183495384901949,
    1.8433362286937371, 0.7140824722894221, 3.550654697758394, 0.43024052272537533};
static const int64_t conf_autograd_exp_out_1_shape[] = {3, 4};
static const double conf_autograd_exp_out_1_data[] = {
    -0.26524671101183367, 1.2452602301764033, 0.45062547005007775, -2.540558156905336,
    0.3220757313896679, 0.0, -5.303762188698024, 0.8876215386764617, -0.4608340571734343,
    -0.8926030903617777, 1.775327348879197, -0.21512026136268766};
static const int64_t conf_autograd_exp_out_2_shape[] = {3, 4};
static const double conf_autograd_exp_out_2_data[] = {
    -0.0, -1.2452602301764033, 0.3379691025375583, 0.635139539226334, -0.40259466423708484, 0.0,
    2.651881094349012, 1.1095269233455771, -0.11520851429335857, 0.6694523177713332,
    1.775327348879197, -0.0};
static const conf_array conf_autograd_exp_out[] = {
    {2, conf_autograd_exp_out_0_shape,
     conf_autograd_exp_out_0_data},
    {2, conf_autograd_exp_out_1_shape,
     conf_autograd_exp_out_1_data},
    {2, conf_autograd_exp_out_2_shape,
     conf_autograd_exp_out_2_data}};
CONF_PROG(conf_autograd_exp,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo exp)",
          CONF_EAGER,
    "prog conf_autograd_exp\n"
    "in 3,4\n"
    "v1 = exp v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_exp_in, 1,
          conf_autograd_exp_out, 3, 0)
static const int64_t conf_autograd_expm1_in_0_shape[] = {3, 4};
static const double conf_autograd_expm1_in_0_data[] = {
    -0.8983948398512595, -0.0001775987737056399, -0.4116802366516147, 1.3428757416396908,
    -1.944575067783808, 1.4313665500788038, -0.015686949108702438, -0.3421991390730497,
    -0.052050729273740576, -1.0310964472758042, -0.26488447282076255, 0.80579615438202};
static const conf_array conf_autograd_expm1_in[] = {
    {2, conf_autograd_expm1_in_0_shape,
     conf_autograd_expm1_in_0_data}};
static const int64_t conf_autograd_expm1_out_0_shape[] = {3, 4};
static const double conf_autograd_expm1_out_0_data[] = {
    -0.5927772067922269, -0.00017758300397700434, -0.3374639030551764, 2.8300418944816617,
    -0.8569520038729634, 3.1844134971861506, -0.01556454978232673, -0.2897932392898702,
    -0.05071929069955742, -0.6433842642223393, -0.23270541176488396, 1.2384779636051686};
static const int64_t conf_autograd_expm1_out_1_shape[] = {3, 4};
static const double conf_autograd_expm1_out_1_data[] = {
    -0.20361139660388655, 1.249778021245029, 0.1656340242362059, -2.8725314208612462,
    0.14304799612703656, 0.0, -0.9844354502176733, 0.5326550705325973, -0.23732017732511065,
    -0.4457696697220759, 0.38364729411755805, -1.1192389818025843};
static const int64_t conf_autograd_expm1_out_2_shape[] = {3, 4};
static const double conf_autograd_expm1_out_2_data[] = {
    -0.0, -1.249778021245029, 0.12422551817715444, 0.7181328552153116, -0.1788099951587957, 0.0,
    0.49221772510883666, 0.6658188381657467, -0.059330044331277663, 0.3343272522915569,
    0.38364729411755805, -0.0};
static const conf_array conf_autograd_expm1_out[] = {
    {2, conf_autograd_expm1_out_0_shape,
     conf_autograd_expm1_out_0_data},
    {2, conf_autograd_expm1_out_1_shape,
     conf_autograd_expm1_out_1_data},
    {2, conf_autograd_expm1_out_2_shape,
     conf_autograd_expm1_out_2_data}};
CONF_PROG(conf_autograd_expm1,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo expm1)",
          CONF_EAGER,
    "prog conf_autograd_expm1\n"
    "in 3,4\n"
    "v1 = expm1 v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_expm1_in, 1,
          conf_autograd_expm1_out, 3, 0)
static const int64_t conf_autograd_log_in_0_shape[] = {3, 4};
static const double conf_autograd_log_in_0_data[] = {
    1.3279086802609217, 1.4451877266182724, 1.2262389447029802, 0.6533441023110386,
    0.9847270487139519, 0.9044323950048456, 0.5728160251808971, 1.0024743888176715,
    1.0062069022161673, 0.6463780325117104, 0.6709110478383907, 1.3344793139033309};
static const conf_array conf_autograd_log_in[] = {
    {2, conf_autograd_log_in_0_shape,
     conf_autograd_log_in_0_data}};
static const int64_t conf_autograd_log_out_0_shape[] = {3, 4};
static const double conf_autograd_log_out_0_data[] = {
    0.2836052838260667, 0.36823922774094414, 0.20395171632405779, -0.42565133243238845,
    -0.015390784116155342, -0.10044771988673033, -0.5571906868050907, 0.002471332558205602,
    0.006187718737666939, -0.4363707567096164, -0.3991187173579537, 0.288541188733181};
static const int64_t conf_autograd_log_out_1_shape[] = {3, 4};
static const double conf_autograd_log_out_1_data[] = {
    -0.37653191626231003, 0.8649395348277624, 0.20387543641468264, -1.1479402620258847,
    1.0155098321976577, 0.0, -1.745761214840658, 0.7481487890025377, -0.24845784644229318,
    -1.9338528494582676, 0.7452552787898645, -0.37467796974499956};
static const int64_t conf_autograd_log_out_2_shape[] = {3, 4};
static const double conf_autograd_log_out_2_data[] = {
    0.0, 0.5984963191264528, -0.12469558071983192, -0.4392556150600189, 1.2890752741126434, -0.0,
    -1.5238411096209652, -0.9328776841432728, 0.06173130145874214, -2.2438721060147166,
    -1.1108108611283174, 0.0};
static const conf_array conf_autograd_log_out[] = {
    {2, conf_autograd_log_out_0_shape,
     conf_autograd_log_out_0_data},
    {2, conf_autograd_log_out_1_shape,
     conf_autograd_log_out_1_data},
    {2, conf_autograd_log_out_2_shape,
     conf_autograd_log_out_2_data}};
CONF_PROG(conf_autograd_log,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo log)",
          CONF_EAGER,
    "prog conf_autograd_log\n"
    "in 3,4\n"
    "v1 = log v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_log_in, 1,
          conf_autograd_log_out, 3, 0)
static const int64_t conf_autograd_log1p_in_0_shape[] = {3, 4};
static const double conf_autograd_log1p_in_0_data[] = {
    1.42528101356018, 1.0404265688250312, 0.8541007949727956, 1.2275256586170218,
    0.6392172662327044, 0.6271502723106531, 1.442353043177007, 1.1735305987374018,
    0.7072136490532076, 1.1596514809629022, 0.7588502276517366, 0.7608118777818321};
static const conf_array conf_autograd_log1p_in[] = {
    {2, conf_autograd_log1p_in_0_shape,
     conf_autograd_log1p_in_0_data}};
static const int64_t conf_autograd_log1p_out_0_shape[] = {3, 4};
static const double conf_autograd_log1p_out_0_data[] = {
    0.8859473995561468, 0.7131588883624839, 0.6173998318863678, 0.8008913993164712,
    0.49421885121596043, 0.48683018556411983, 0.8929619365646417, 0.776352849441657,
    0.5348625965270704, 0.7699468572714713, 0.5646603158265375, 0.565774996880825};
static const int64_t conf_autograd_log1p_out_1_shape[] = {3, 4};
static const double conf_autograd_log1p_out_1_data[] = {
    -0.20616167660753973, 0.6126169983758866, 0.13483625090817578, -0.33669645828710404,
    0.6100472588958439, 0.0, -0.4094412160410693, 0.34506070465981614, -0.14643744216703392,
    -0.578797093428554, 0.2842766212490738, -0.28395992002840803};
static const int64_t conf_autograd_log1p_out_2_shape[] = {3, 4};
static const double conf_autograd_log1p_out_2_data[] = {
    0.0, 0.3002396693592648, -0.054542443676917594, -0.03778816834102653, 0.465197072607916, -0.0,
    -0.08382105469659479, -0.19844481650054813, 0.0214439244684234, -0.20100364521680536,
    -0.16162639477757873, 0.0};
static const conf_array conf_autograd_log1p_out[] = {
    {2, conf_autograd_log1p_out_0_shape,
     conf_autograd_log1p_out_0_data},
    {2, conf_autograd_log1p_out_1_shape,
     conf_autograd_log1p_out_1_data},
    {2, conf_autograd_log1p_out_2_shape,
     conf_autograd_log1p_out_2_data}};
CONF_PROG(conf_autograd_log1p,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo log1p)",
          CONF_EAGER,
    "prog conf_autograd_log1p\n"
    "in 3,4\n"
    "v1 = log1p v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_log1p_in, 1,
          conf_autograd_log1p_out, 3, 0)
static const int64_t conf_autograd_sqrt_in_0_shape[] = {3, 4};
static const double conf_autograd_sqrt_in_0_data[] = {
    1.1036356864828663, 0.9661087438188792, 0.8623828856691326, 0.67891763800202,
    0.7279401676066876, 0.5612932424229637, 1.1861450686359227, 1.1974472633700217,
    0.5120413493135639, 0.8477338130036668, 1.4173428521996547, 1.3914236967188491};
static const conf_array conf_autograd_sqrt_in[] = {
    {2, conf_autograd_sqrt_in_0_shape,
     conf_autograd_sqrt_in_0_data}};
static const int64_t conf_autograd_sqrt_out_0_shape[] = {3, 4};
static const double conf_autograd_sqrt_out_0_data[] = {
    1.0505406638882981, 0.9829083089581038, 0.9286457266735968, 0.8239645854052345,
    0.8531940972643256, 0.7491950629995927, 1.089102873302574, 1.0942793351653963,
    0.7155706459278245, 0.9207246130106802, 1.1905220922770205, 1.1795862396276287};
static const int64_t conf_autograd_sqrt_out_1_shape[] = {3, 4};
static const double conf_autograd_sqrt_out_1_data[] = {
    -0.23797270167029155, 0.635868060432319, 0.1346046144504958, -0.4551166477811313,
    0.5860331214235961, 0.0, -0.45909345412321784, 0.3426912927523392, -0.17468575704069342,
    -0.6788131773259657, 0.2099919032345247, -0.21193872190211366};
static const int64_t conf_autograd_sqrt_out_2_shape[] = {3, 4};
static const double conf_autograd_sqrt_out_2_data[] = {
    0.0, 0.32908720912659917, -0.05853169312349057, -0.0837945249736937, 0.503160448054361, -0.0,
    -0.09676165805148508, -0.17886554550004252, 0.04264444592093854, -0.30027697089880745,
    -0.07407943071382707, 0.0};
static const conf_array conf_autograd_sqrt_out[] = {
    {2, conf_autograd_sqrt_out_0_shape,
     conf_autograd_sqrt_out_0_data},
    {2, conf_autograd_sqrt_out_1_shape,
     conf_autograd_sqrt_out_1_data},
    {2, conf_autograd_sqrt_out_2_shape,
     conf_autograd_sqrt_out_2_data}};
CONF_PROG(conf_autograd_sqrt,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo sqrt)",
          CONF_EAGER,
    "prog conf_autograd_sqrt\n"
    "in 3,4\n"
    "v1 = sqrt v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_sqrt_in, 1,
          conf_autograd_sqrt_out, 3, 0)
static const int64_t conf_autograd_rsqrt_in_0_shape[] = {3, 4};
static const double conf_autograd_rsqrt_in_0_data[] = {
    1.2681368908057316, 0.6959023063313968, 0.6340584389979084, 0.8523183628673323,
    0.6523258233967292, 0.7519194726813322, 0.9599948654665604, 1.2333255033168613,
    0.5508007850457844, 1.4345477495893002, 1.319767938331529, 0.5944658717469626};
static const conf_array conf_autograd_rsqrt_in[] = {
    {2, conf_autograd_rsqrt_in_0_shape,
     conf_autograd_rsqrt_in_0_data}};
static const int64_t conf_autograd_rsqrt_out_0_shape[] = {3, 4};
static const double conf_autograd_rsqrt_out_0_data[] = {
    0.888008109139036, 1.1987423870836453, 1.255843020879329, 1.0831761212596591,
    1.2381341843221585, 1.1532257578182565, 1.0206234555514642, 0.9004531961225295,
    1.3474191788643686, 0.8349154462545132, 0.8704647988665702, 1.2969897281118645};
static const int64_t conf_autograd_rsqrt_out_1_shape[] = {3, 4};
static const double conf_autograd_rsqrt_out_1_data[] = {
    0.17506156385349408, -1.0766080024607563, -0.24758029852581764, 0.47657197494359027,
    -0.9490151546316712, -0.0, 0.5315775595609242, -0.27378818295561974, 0.30578641485423047,
    0.36375377122055674, -0.1648897456864699, 0.5454433087556348};
static const int64_t conf_autograd_rsqrt_out_2_shape[] = {3, 4};
static const double conf_autograd_rsqrt_out_2_data[] = {
    -0.0, -2.3206015973772254, 0.4392778625921949, 0.20968044147567447, -2.727783189187334, 0.0,
    0.4152971896125006, 0.41623467743202786, -0.20818762188366283, 0.28526271972493333,
    0.18740765807842635, -0.0};
static const conf_array conf_autograd_rsqrt_out[] = {
    {2, conf_autograd_rsqrt_out_0_shape,
     conf_autograd_rsqrt_out_0_data},
    {2, conf_autograd_rsqrt_out_1_shape,
     conf_autograd_rsqrt_out_1_data},
    {2, conf_autograd_rsqrt_out_2_shape,
     conf_autograd_rsqrt_out_2_data}};
CONF_PROG(conf_autograd_rsqrt,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo rsqrt)",
          CONF_EAGER,
    "prog conf_autograd_rsqrt\n"
    "in 3,4\n"
    "v1 = rsqrt v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_rsqrt_in, 1,
          conf_autograd_rsqrt_out, 3, 0)
static const int64_t conf_autograd_square_in_0_shape[] = {3, 4};
static const double conf_autograd_square_in_0_data[] = {
    -0.16087168178182681, -0.143732629139398, 1.1966615582181879, 0.9088907656880222,
    1.4490070185455661, 1.2049858151293602, 0.35205390888973387, -0.5681583158468154,
    0.9412005855963035, 2.958604547769215, -0.50272946849329, 1.3947143404536146};
static const conf_array conf_autograd_square_in[] = {
    {2, conf_autograd_square_in_0_shape,
     conf_autograd_square_in_0_data}};
static const int64_t conf_autograd_square_out_0_shape[] = {3, 4};
static const double conf_autograd_square_out_0_data[] = {
    0.02587969799931335, 0.02065906867932372, 1.4319988849171814, 0.8260824239529593,
    2.0996213397943104, 1.4519908146629688, 0.12394195476454103, 0.32280387186588966,
    0.8858585423268246, 8.753340870080683, 0.2527369184915459, 1.9452280914669613};
static const int64_t conf_autograd_square_out_1_shape[] = {3, 4};
static const double conf_autograd_square_out_1_data[] = {
    0.16087168178182681, -0.359331572848495, 0.5983307791090939, -1.3633361485320332,
    2.8980140370911323, 0.0, -0.7041078177794677, -0.8522374737702232, -0.47060029279815174,
    -7.396511369423038, -0.50272946849329, -1.3947143404536146};
static const int64_t conf_autograd_square_out_2_shape[] = {3, 4};
static const double conf_autograd_square_out_2_data[] = {
    -0.0, -2.5, 0.375, 0.375, -2.5, 0.0, 1.0, 1.875, -0.125, 1.875, 1.0, -0.0};
static const conf_array conf_autograd_square_out[] = {
    {2, conf_autograd_square_out_0_shape,
     conf_autograd_square_out_0_data},
    {2, conf_autograd_square_out_1_shape,
     conf_autograd_square_out_1_data},
    {2, conf_autograd_square_out_2_shape,
     conf_autograd_square_out_2_data}};
CONF_PROG(conf_autograd_square,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo square)",
          CONF_EAGER,
    "prog conf_autograd_square\n"
    "in 3,4\n"
    "v1 = square v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_square_in, 1,
          conf_autograd_square_out, 3, 0)
static const int64_t conf_autograd_reciprocal_in_0_shape[] = {3, 4};
static const double conf_autograd_reciprocal_in_0_data[] = {
    1.3752336917896288, 0.812249893994299, 0.6804211038091175, -1.1523876034208538,
    0.6520602148205299, -0.8719923501946353, -0.8828574315743364, -0.7532245088516147,
    -0.5287027624562392, 1.4530288086006724, -0.9874401784245671, 1.2919333454115358};
static const conf_array conf_autograd_reciprocal_in[] = {
    {2, conf_autograd_reciprocal_in_0_shape,
     conf_autograd_reciprocal_in_0_data}};
static const int64_t conf_autograd_reciprocal_out_0_shape[] = {3, 4};
static const double conf_autograd_reciprocal_out_0_data[] = {
    0.7271491427021927, 1.2311482062280439, 1.4696781072806582, -0.8677635866886346,
    1.5336006971000915, -1.1467990513641462, -1.1326857137247763, -1.3276254134701824,
    -1.8914219312080296, 0.6882176004225559, -1.0127195771955235, 0.7740337406350151};
static const int64_t conf_autograd_reciprocal_out_1_shape[] = {3, 4};
static const double conf_autograd_reciprocal_out_1_data[] = {
    0.26437293786626687, -1.8946573821231627, -0.5399884347550145, 0.5647602317870426,
    -2.3519310981458865, -0.0, 1.282976926076206, -1.3219419288689045, 0.8943692304636781,
    0.592054331914226, -0.51280047101754, 0.2995641158207169};
static const int64_t conf_autograd_reciprocal_out_2_shape[] = {3, 4};
static const double conf_autograd_reciprocal_out_2_data[] = {
    -0.0, -4.665208074835307, 1.1904137711162923, -0.24503918217731438, -9.017307929119788, -0.0,
    -1.453209635205047, -4.387609249745374, 0.8458147885483247, 0.611193317444682,
    -1.0386461523890969, -0.0};
static const conf_array conf_autograd_reciprocal_out[] = {
    {2, conf_autograd_reciprocal_out_0_shape,
     conf_autograd_reciprocal_out_0_data},
    {2, conf_autograd_reciprocal_out_1_shape,
     conf_autograd_reciprocal_out_1_data},
    {2, conf_autograd_reciprocal_out_2_shape,
     conf_autograd_reciprocal_out_2_data}};
CONF_PROG(conf_autograd_reciprocal,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo reciprocal)",
          CONF_EAGER,
    "prog conf_autograd_reciprocal\n"
    "in 3,4\n"
    "v1 = reciprocal v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_reciprocal_in, 1,
          conf_autograd_reciprocal_out, 3, 0)
static const int64_t conf_autograd_sin_in_0_shape[] = {3, 4};
static const double conf_autograd_sin_in_0_data[] = {
    0.3332529830441903, 0.6749070314118946, 0.4440199658460724, -1.0102978756050087,
    0.18058860825996945, 0.7945235599192129, 0.5235497148312159, 0.9497932232536792,
    1.8778643540348314, -0.4234756770336018, 0.3754789464285612, 0.04245751001943763};
static const conf_array conf_autograd_sin_in[] = {
    {2, conf_autograd_sin_in_0_shape,
     conf_autograd_sin_in_0_data}};
static const int64_t conf_autograd_sin_out_0_shape[] = {3, 4};
static const double conf_autograd_sin_out_0_data[] = {
    0.32711876817615776, 0.6248247328042903, 0.4295730844424588, -0.84699023538019,
    0.17960864090321527, 0.7135298801953661, 0.49995751152765433, 0.8132952088641517,
    0.9532238988686897, -0.41093158599124996, 0.36671815036170446, 0.04244475523368479};
static const int64_t conf_autograd_sin_out_1_shape[] = {3, 4};
static const double conf_autograd_sin_out_1_data[] = {
    -0.47249161672640105, 0.9759563044746542, 0.2257580238223262, -0.3987063354255464,
    0.9837381440774267, 0.0, -0.8660499331257265, 0.43638845432907747, 0.07556627828666948,
    -1.1395827304014587, 0.4651660451374569, -0.49954940765482664};
static const int64_t conf_autograd_sin_out_2_shape[] = {3, 4};
static const double conf_autograd_sin_out_2_data[] = {
    0.0, 0.7810309160053629, -0.08054495333296102, 0.15881066913378564, 0.22451080112901908, -0.0,
    -0.24997875576382717, -0.7624642583101423, 0.05957649367929311, 0.38524836186679684,
    -0.18335907518085223, 0.0};
static const conf_array conf_autograd_sin_out[] = {
    {2, conf_autograd_sin_out_0_shape,
     conf_autograd_sin_out_0_data},
    {2, conf_autograd_sin_out_1_shape,
     conf_autograd_sin_out_1_data},
    {2, conf_autograd_sin_out_2_shape,
     conf_autograd_sin_out_2_data}};
CONF_PROG(conf_autograd_sin,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo sin)",
          CONF_EAGER,
    "prog conf_autograd_sin\n"
    "in 3,4\n"
    "v1 = sin v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_sin_in, 1,
          conf_autograd_sin_out, 3, 0)
static const int64_t conf_autograd_cos_in_0_shape[] = {3, 4};
static const double conf_autograd_cos_in_0_data[] = {
    -0.8056088735527704, -1.308393215040614, 0.44066336215253243, -0.49697682630121615,
    0.49917229375411926, -0.4842531272889495, -1.6930366775543388, 0.5797448881245882,
    -1.0170589827279797, 1.05473592956091, 1.5944149691549945, -0.21074431756001985};
static const conf_array conf_autograd_cos_in[] = {
    {2, conf_autograd_cos_in_0_shape,
     conf_autograd_cos_in_0_data}};
static const int64_t conf_autograd_cos_out_0_shape[] = {3, 4};
static const double conf_autograd_cos_out_0_data[] = {
    0.6926722118568923, 0.2594021504597889, 0.9044689120526103, 0.8790279359967941,
    0.8779790847429504, 0.8850229006333239, -0.12193614458167047, 0.8366024301085961,
    0.5258697486022164, 0.49345742794516073, -0.023616446516385458, 0.9778754834556883};
static const int64_t conf_autograd_cos_out_1_shape[] = {3, 4};
static const double conf_autograd_cos_out_1_data[] = {
    -0.360626263228734, 1.2072117437617593, -0.10663488732890364, -0.35757770044031556,
    -0.47869899389274995, 0.0, -0.9925379472063313, -0.41085789555419305, -0.21264127766984733,
    1.087212438134323, -0.49986054641618266, -0.10459390380933269};
static const int64_t conf_autograd_cos_out_2_shape[] = {3, 4};
static const double conf_autograd_cos_out_2_data[] = {
    0.0, 0.3242526880747362, -0.16958792100986442, -0.1648177379993989, 1.097473855928688, -0.0,
    0.060968072290835236, -0.7843147782268088, 0.03286685928763852, -0.4626163386985882,
    0.011808223258192729, 0.0};
static const conf_array conf_autograd_cos_out[] = {
    {2, conf_autograd_cos_out_0_shape,
     conf_autograd_cos_out_0_data},
    {2, conf_autograd_cos_out_1_shape,
     conf_autograd_cos_out_1_data},
    {2, conf_autograd_cos_out_2_shape,
     conf_autograd_cos_out_2_data}};
CONF_PROG(conf_autograd_cos,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo cos)",
          CONF_EAGER,
    "prog conf_autograd_cos\n"
    "in 3,4\n"
    "v1 = cos v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_cos_in, 1,
          conf_autograd_cos_out, 3, 0)
static const int64_t conf_autograd_tan_in_0_shape[] = {3, 4};
static const double conf_autograd_tan_in_0_data[] = {
    -0.5541312284816793, -0.7223405251389438, -0.7423001718342119, 0.761899541432763,
    -0.7935038600037565, 0.7162544492790905, 0.4832819808822135, -0.5491429204556388,
    0.466861985543632, -0.40486291853733364, -0.0896633418338183, -0.7458169105619904};
static const conf_array conf_autograd_tan_in[] = {
    {2, conf_autograd_tan_in_0_shape,
     conf_autograd_tan_in_0_data}};
static const int64_t conf_autograd_tan_out_0_shape[] = {3, 4};
static const double conf_autograd_tan_out_0_data[] = {
    -0.6188038286195582, -0.8812173951910716, -0.9173163179255874, 0.9540735116380321,
    -1.0163442325558638, 0.8704627590498472, 0.5247895137224644, -0.6119265783154415,
    0.504024452592052, -0.4285372590070288, -0.08990440031743141, -0.9238132697748752};
static const int64_t conf_autograd_tan_out_1_shape[] = {3, 4};
static const double conf_autograd_tan_out_1_data[] = {
    -0.6914590891571117, 2.2206801219841714, 0.46036730678313936, -1.4326921992069945,
    2.0329555990495676, 0.0, -1.2754040337130608, 1.030840602936633, -0.3135101622026794,
    -1.4795552279465716, 0.5040414005982184, -0.9267154787060732};
static const int64_t conf_autograd_tan_out_2_shape[] = {3, 4};
static const double conf_autograd_tan_out_2_data[] = {
    0.0, 3.9138039052949654, -0.633453664127443, 0.6834468387969161, 5.165456745340448, 0.0,
    0.6693186626519467, -1.5769969073591013, -0.07900839394312546, -0.9510668129006152,
    -0.09063107971188208, 0.0};
static const conf_array conf_autograd_tan_out[] = {
    {2, conf_autograd_tan_out_0_shape,
     conf_autograd_tan_out_0_data},
    {2, conf_autograd_tan_out_1_shape,
     conf_autograd_tan_out_1_data},
    {2, conf_autograd_tan_out_2_shape,
     conf_autograd_tan_out_2_data}};
CONF_PROG(conf_autograd_tan,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo tan)",
          CONF_EAGER,
    "prog conf_autograd_tan\n"
    "in 3,4\n"
    "v1 = tan v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_tan_in, 1,
          conf_autograd_tan_out, 3, 0)
static const int64_t conf_autograd_tanh_in_0_shape[] = {3, 4};
static const double conf_autograd_tanh_in_0_data[] = {
    -1.0487650961976125, 0.6294632473660965, -0.25798590180535275, 0.7273992577915941,
    0.19132205167547403, 1.64661762692215, 0.6792372847567663, -0.19017502307794953,
    1.051706499388515, 1.0026943912884696, 1.0138209506837204, -1.1731726621464063};
static const conf_array conf_autograd_tanh_in[] = {
    {2, conf_autograd_tanh_in_0_shape,
     conf_autograd_tanh_in_0_data}};
static const int64_t conf_autograd_tanh_out_0_shape[] = {3, 4};
static const double conf_autograd_tanh_out_0_data[] = {
    -0.7813257894436928, 0.5576825089473055, -0.25241071573483936, 0.6214716637476607,
    0.18902133977894717, 0.9283920192914142, 0.5910233268769525, -0.18791505407108816,
    0.7824689238187676, 0.7627234111619269, 0.7673377778046088, -0.8252865914897444};
static const int64_t conf_autograd_tanh_out_1_shape[] = {3, 4};
static const double conf_autograd_tanh_out_1_data[] = {
    -0.1947650053750951, 0.8612377740177981, 0.23407220764555653, -0.4603297283690359,
    0.9642709331081718, 0.0, -0.650691427087299, 0.723515949340095, -0.0969355958144749,
    -0.5228162475818928, 0.20559636737694242, -0.1594510209536199};
static const int64_t conf_autograd_tanh_out_2_shape[] = {3, 4};
static const double conf_autograd_tanh_out_2_data[] = {
    -0.0, 0.9605944852288764, 0.08862350019817329, -0.14304094108100673, 0.45566945921500546,
    -0.0, -0.3845738120074474, 0.3398988468538466, 0.03792454566834161, -0.5981462876498097,
    -0.31552371933544593, -0.0};
static const conf_array conf_autograd_tanh_out[] = {
    {2, conf_autograd_tanh_out_0_shape,
     conf_autograd_tanh_out_0_data},
    {2, conf_autograd_tanh_out_1_shape,
     conf_autograd_tanh_out_1_data},
    {2, conf_autograd_tanh_out_2_shape,
     conf_autograd_tanh_out_2_data}};
CONF_PROG(conf_autograd_tanh,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo tanh)",
          CONF_EAGER,
    "prog conf_autograd_tanh\n"
    "in 3,4\n"
    "v1 = tanh v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_tanh_in, 1,
          conf_autograd_tanh_out, 3, 0)
static const int64_t conf_autograd_sigmoid_in_0_shape[] = {3, 4};
static const double conf_autograd_sigmoid_in_0_data[] = {
    1.3214050694928299, 0.7434882274209416, -1.362562761089384, -2.2462038107605906,
    -1.0744161409111483, -1.5691372163781905, -0.5916954356985247, -0.19421857631776715,
    -1.4472316481331182, 0.24290223923412235, -1.9836723112285535, -0.6831090580098955};
static const conf_array conf_autograd_sigmoid_in[] = {
    {2, conf_autograd_sigmoid_in_0_shape,
     conf_autograd_sigmoid_in_0_data}};
static const int64_t conf_autograd_sigmoid_out_0_shape[] = {3, 4};
static const double conf_autograd_sigmoid_out_0_data[] = {
    0.7894153784864821, 0.6777581641104646, 0.20382410215107866, 0.09567741976708176,
    0.25456416382668823, 0.17233942314689546, 0.35624593725462395, 0.45159740928033093,
    0.19042798372833877, 0.560428736074675, 0.12092791146947404, 0.3355677466902087};
static const int64_t conf_autograd_sigmoid_out_1_shape[] = {3, 4};
static const double conf_autograd_sigmoid_out_1_data[] = {
    -0.08311936934776315, 0.2730025438650964, 0.04056995938334632, -0.06489243833534654,
    0.18976125032190727, 0.0, -0.22933476944419848, 0.18574289190871812, -0.038541291685374575,
    -0.3079354598205216, 0.053152175848552544, -0.11148101703573232};
static const int64_t conf_autograd_sigmoid_out_2_shape[] = {3, 4};
static const double conf_autograd_sigmoid_out_2_data[] = {
    0.0, 0.09705686198989225, 0.018023766219085302, 0.013118739052676427, -0.11643552786512609,
    0.0, 0.032967804836377665, 0.02247609294036354, -0.00596565268837781, -0.02791222594429199,
    0.04029701261770519, -0.0};
static const conf_array conf_autograd_sigmoid_out[] = {
    {2, conf_autograd_sigmoid_out_0_shape,
     conf_autograd_sigmoid_out_0_data},
    {2, conf_autograd_sigmoid_out_1_shape,
     conf_autograd_sigmoid_out_1_data},
    {2, conf_autograd_sigmoid_out_2_shape,
     conf_autograd_sigmoid_out_2_data}};
CONF_PROG(conf_autograd_sigmoid,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo sigmoid)",
          CONF_EAGER,
    "prog conf_autograd_sigmoid\n"
    "in 3,4\n"
    "v1 = sigmoid v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_sigmoid_in, 1,
          conf_autograd_sigmoid_out, 3, 0)
static const int64_t conf_autograd_relu_in_0_shape[] = {3, 4};
static const double conf_autograd_relu_in_0_data[] = {
    -0.7675227547882466, 0.8858293935961139, 0.6339704995471136, 0.9071929421966853,
    -1.3991269777301454, 0.8084652364205681, -0.7482795078872986, -0.9646873429847852,
    -1.3308192384016744, 0.753743471596228, 1.2584471694161024, 0.5666380973206735};
static const conf_array conf_autograd_relu_in[] = {
    {2, conf_autograd_relu_in_0_shape,
     conf_autograd_relu_in_0_data}};
static const int64_t conf_autograd_relu_out_0_shape[] = {3, 4};
static const double conf_autograd_relu_out_0_data[] = {
    0.0, 0.8858293935961139, 0.6339704995471136, 0.9071929421966853, 0.0, 0.8084652364205681, 0.0,
    0.0, 0.0, 0.753743471596228, 1.2584471694161024, 0.5666380973206735};
static const int64_t conf_autograd_relu_out_1_shape[] = {3, 4};
static const double conf_autograd_relu_out_1_data[] = {
    0.0, 1.25, 0.25, -0.75, 0.0, 0.0, 0.0, 0.0, 0.0, -1.25, 0.5, -0.5};
static const int64_t conf_autograd_relu_out_2_shape[] = {3, 4};
static const double conf_autograd_relu_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_relu_out[] = {
    {2, conf_autograd_relu_out_0_shape,
     conf_autograd_relu_out_0_data},
    {2, conf_autograd_relu_out_1_shape,
     conf_autograd_relu_out_1_data},
    {2, conf_autograd_relu_out_2_shape,
     conf_autograd_relu_out_2_data}};
CONF_PROG(conf_autograd_relu,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo relu)",
          CONF_EAGER,
    "prog conf_autograd_relu\n"
    "in 3,4\n"
    "v1 = relu v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_relu_in, 1,
          conf_autograd_relu_out, 3, 0)
static const int64_t conf_autograd_gelu_in_0_shape[] = {3, 4};
static const double conf_autograd_gelu_in_0_data[] = {
    0.5969828700172044, 0.5840363712886724, -0.16906398939044698, 1.031450287433689,
    0.5780268305177988, 0.5228431769140024, -1.3438878132894967, 0.4469969485093406,
    -0.31602676357838844, 0.01570296672324679, 0.5057958700567557, -0.7754045934282361};
static const conf_array conf_autograd_gelu_in[] = {
    {2, conf_autograd_gelu_in_0_shape,
     conf_autograd_gelu_in_0_data}};
static const int64_t conf_autograd_gelu_out_0_shape[] = {3, 4};
static const double conf_autograd_gelu_out_0_data[] = {
    0.43265771819861637, 0.4207410160898225, -0.07318326243788699, 0.8755312547019083,
    0.4152411789865314, 0.3657070022544542, -0.12026765664835508, 0.30063287937183003,
    -0.11882324951439786, 0.00794985176866069, 0.35076944648571823, -0.16985261722823095};
static const int64_t conf_autograd_gelu_out_1_shape[] = {3, 4};
static const double conf_autograd_gelu_out_1_data[] = {
    -0.4620147538149445, 1.1460816845536466, 0.09159585735152506, -0.8179268242208407,
    0.913498849530507, 0.0, 0.12782665860718612, 0.6254497649025061, -0.06401396473876717,
    -0.6406601561727633, 0.4355274647301936, 0.004986097115466742};
static const int64_t conf_autograd_gelu_out_2_shape[] = {3, 4};
static const double conf_autograd_gelu_out_2_data[] = {
    -0.0, -0.6975447729062063, 0.14537284047736543, 0.04113558252336172, -0.7029313909341571, 0.0,
    0.015683004350960733, 0.6092747859740787, -0.04506979717676433, 0.747832344464224,
    0.30613737536031943, -0.0};
static const conf_array conf_autograd_gelu_out[] = {
    {2, conf_autograd_gelu_out_0_shape,
     conf_autograd_gelu_out_0_data},
    {2, conf_autograd_gelu_out_1_shape,
     conf_autograd_gelu_out_1_data},
    {2, conf_autograd_gelu_out_2_shape,
     conf_autograd_gelu_out_2_data}};
CONF_PROG(conf_autograd_gelu,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo gelu)",
          CONF_EAGER,
    "prog conf_autograd_gelu\n"
    "in 3,4\n"
    "v1 = gelu v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_gelu_in, 1,
          conf_autograd_gelu_out, 3, 0)
static const int64_t conf_autograd_silu_in_0_shape[] = {3, 4};
static const double conf_autograd_silu_in_0_data[] = {
    0.23770249473611169, 0.48089309275429715, -0.26215030461602773, 0.27610788846691053,
    0.4275334121970057, 1.565739460309033, -0.6245181043953204, -0.8303535245296199,
    0.2525799530329636, 0.5113933392910488, -0.5330346633251541, -1.790728829052623};
static const conf_array conf_autograd_silu_in[] = {
    {2, conf_autograd_silu_in_0_shape,
     conf_autograd_silu_in_0_data}};
static const int64_t conf_autograd_silu_out_0_shape[] = {3, 4};
static const double conf_autograd_silu_out_0_data[] = {
    0.13291072899900752, 0.2971720913221462, -0.11399217734714134, 0.15699267130065836,
    0.2587793546822793, 1.2951411427152968, -0.21780354783229897, -0.25207068886022205,
    0.14215488027687861, 0.31968887736838386, -0.19712121811805783, -0.25604447882374815};
static const int64_t conf_autograd_silu_out_1_shape[] = {3, 4};
static const double conf_autograd_silu_out_1_data[] = {
    -0.3088707149229418, 0.9143634282694587, 0.0926027055073554, -0.47723977141240326,
    0.7074287345911316, 0.0, -0.20691101434592923, 0.09601561230550516, -0.1562399760735213,
    -0.931217304558319, 0.1227927183947026, 0.038225490528902305};
static const int64_t conf_autograd_silu_out_2_shape[] = {3, 4};
static const double conf_autograd_silu_out_2_data[] = {
    0.0, -0.5567341072140358, 0.09058325465845735, 0.09024359687449715, -0.5704024149343816, 0.0,
    0.20567163262513927, 0.331747968113011, -0.030268886479445117, 0.4112731425908023,
    0.216877610161777, 0.0};
static const conf_array conf_autograd_silu_out[] = {
    {2, conf_autograd_silu_out_0_shape,
     conf_autograd_silu_out_0_data},
    {2, conf_autograd_silu_out_1_shape,
     conf_autograd_silu_out_1_data},
    {2, conf_autograd_silu_out_2_shape,
     conf_autograd_silu_out_2_data}};
CONF_PROG(conf_autograd_silu,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo silu)",
          CONF_EAGER,
    "prog conf_autograd_silu\n"
    "in 3,4\n"
    "v1 = silu v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_silu_in, 1,
          conf_autograd_silu_out, 3, 0)
static const int64_t conf_autograd_softplus_in_0_shape[] = {3, 4};
static const double conf_autograd_softplus_in_0_data[] = {
    0.5175740377546287, -1.086135756743465, 1.0441402263654216, -0.37151878061276367,
    0.27777051432371347, 0.769106105138531, 0.21252817576106361, -0.8361392099984536,
    -0.2394086845463256, 0.4962667138795679, -1.2331886184524874, 0.24820284526757563};
static const conf_array conf_autograd_softplus_in[] = {
    {2, conf_autograd_softplus_in_0_shape,
     conf_autograd_softplus_in_0_data}};
static const int64_t conf_autograd_softplus_out_0_shape[] = {3, 4};
static const double conf_autograd_softplus_out_0_data[] = {
    0.9850523455917825, 0.2908158292408297, 1.3457210063119287, 0.5245427442110914,
    0.8416461477801429, 1.1498871451615515, 0.805046702636444, 0.3600356325970895,
    0.5805903578340312, 0.97175480357009, 0.25569751600802254, 0.8249294992270166};
static const int64_t conf_autograd_softplus_out_1_shape[] = {3, 4};
static const double conf_autograd_softplus_out_1_data[] = {
    -0.3132901602245268, 0.31543329846721924, 0.18491201880234384, -0.306130561250174,
    0.5689995512864222, 0.0, -0.552932953137964, 0.2267614001291148, -0.11010801906805125,
    -0.7769769935556728, 0.11281191511771864, -0.2808670552701077};
static const int64_t conf_autograd_softplus_out_2_shape[] = {3, 4};
static const double conf_autograd_softplus_out_2_data[] = {
    -0.0, -0.23583476584169139, 0.03610665000908279, 0.04529400013542799, -0.3065488274028405,
    0.0, 0.12359905123604706, 0.19775052918053268, -0.015403228903922477, 0.22051679605786736,
    0.08735885873266394, -0.0};
static const conf_array conf_autograd_softplus_out[] = {
    {2, conf_autograd_softplus_out_0_shape,
     conf_autograd_softplus_out_0_data},
    {2, conf_autograd_softplus_out_1_shape,
     conf_autograd_softplus_out_1_data},
    {2, conf_autograd_softplus_out_2_shape,
     conf_autograd_softplus_out_2_data}};
CONF_PROG(conf_autograd_softplus,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo softplus)",
          CONF_EAGER,
    "prog conf_autograd_softplus\n"
    "in 3,4\n"
    "v1 = softplus v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_softplus_in, 1,
          conf_autograd_softplus_out, 3, 0)
static const int64_t conf_autograd_erf_in_0_shape[] = {3, 4};
static const double conf_autograd_erf_in_0_data[] = {
    0.777082239744172, -1.267579880005392, 2.0471022705595807, 1.1435212868760896,
    -0.47889032432635553, -0.48156375984351935, 0.716362186717215, -0.09868386002232907,
    -1.0541310441208351, 0.5993227793963052, 0.5960604890880944, -0.3270136196653406};
static const conf_array conf_autograd_erf_in[] = {
    {2, conf_autograd_erf_in_0_shape,
     conf_autograd_erf_in_0_data}};
static const int64_t conf_autograd_erf_out_0_shape[] = {3, 4};
static const double conf_autograd_erf_out_0_data[] = {
    0.7282145921603753, -0.9269676790687649, 0.9962088953167226, 0.8941612826988428,
    -0.5017546758217662, -0.5041500231933025, 0.6889824053804317, -0.1109923954439047,
    -0.8639771688615125, 0.603322736767696, 0.6007474106029889, -0.35625360686776353};
static const int64_t conf_autograd_erf_out_1_shape[] = {3, 4};
static const double conf_autograd_erf_out_1_data[] = {
    -0.3084419104113661, 0.2828515822526013, 0.004270006926486916, -0.22888381360400928,
    0.897130713030176, 0.0, -0.6754389217945483, 0.83808283155641, -0.09285609204373092,
    -0.9848538692041204, 0.3954807958554853, -0.506970303354699};
static const int64_t conf_autograd_erf_out_2_shape[] = {3, 4};
static const double conf_autograd_erf_out_2_data[] = {
    0.0, -0.7170739493821753, -0.013111711311774752, -0.13086675653878185, -1.074068045315389,
    0.0, -0.4838589030106606, 0.2067631220910749, -0.04894124462951922, -0.8853680372859281,
    -0.47146095320513876, -0.0};
static const conf_array conf_autograd_erf_out[] = {
    {2, conf_autograd_erf_out_0_shape,
     conf_autograd_erf_out_0_data},
    {2, conf_autograd_erf_out_1_shape,
     conf_autograd_erf_out_1_data},
    {2, conf_autograd_erf_out_2_shape,
     conf_autograd_erf_out_2_data}};
CONF_PROG(conf_autograd_erf,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo erf)",
          CONF_EAGER,
    "prog conf_autograd_erf\n"
    "in 3,4\n"
    "v1 = erf v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_erf_in, 1,
          conf_autograd_erf_out, 3, 0)
static const int64_t conf_autograd_floor_in_0_shape[] = {3, 4};
static const double conf_autograd_floor_in_0_data[] = {
    1.1591575991722594, 1.305415124152888, -0.96872955645659, 0.7568612287030231,
    -1.4443496539628673, -0.6507737152564629, -1.0942519026753594, -1.4275030591502738,
    1.293375720037756, -0.5646334579255168, -0.8535283209468429, -0.8541436022204622};
static const conf_array conf_autograd_floor_in[] = {
    {2, conf_autograd_floor_in_0_shape,
     conf_autograd_floor_in_0_data}};
static const int64_t conf_autograd_floor_out_0_shape[] = {3, 4};
static const double conf_autograd_floor_out_0_data[] = {
    1.0, 1.0, -1.0, 0.0, -2.0, -1.0, -2.0, -2.0, 1.0, -1.0, -1.0, -1.0};
static const int64_t conf_autograd_floor_out_1_shape[] = {3, 4};
static const double conf_autograd_floor_out_1_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_floor_out_2_shape[] = {3, 4};
static const double conf_autograd_floor_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_floor_out[] = {
    {2, conf_autograd_floor_out_0_shape,
     conf_autograd_floor_out_0_data},
    {2, conf_autograd_floor_out_1_shape,
     conf_autograd_floor_out_1_data},
    {2, conf_autograd_floor_out_2_shape,
     conf_autograd_floor_out_2_data}};
CONF_PROG(conf_autograd_floor,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo floor)",
          CONF_EAGER,
    "prog conf_autograd_floor\n"
    "in 3,4\n"
    "v1 = floor v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_floor_in, 1,
          conf_autograd_floor_out, 3, 0)
static const int64_t conf_autograd_ceil_in_0_shape[] = {3, 4};
static const double conf_autograd_ceil_in_0_data[] = {
    -1.4500285371653443, -1.2267732610298028, 1.2581521508873488, -0.7975032132482216,
    -1.3206481297605164, -0.5587553422123832, -1.2797387593985747, 1.4610786152132529,
    -1.2900765677416342, -0.6068238437322596, -0.8545889759157349, 0.6269417875612415};
static const conf_array conf_autograd_ceil_in[] = {
    {2, conf_autograd_ceil_in_0_shape,
     conf_autograd_ceil_in_0_data}};
static const int64_t conf_autograd_ceil_out_0_shape[] = {3, 4};
static const double conf_autograd_ceil_out_0_data[] = {
    -1.0, -1.0, 2.0, -0.0, -1.0, -0.0, -1.0, 2.0, -1.0, -0.0, -0.0, 1.0};
static const int64_t conf_autograd_ceil_out_1_shape[] = {3, 4};
static const double conf_autograd_ceil_out_1_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_ceil_out_2_shape[] = {3, 4};
static const double conf_autograd_ceil_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_ceil_out[] = {
    {2, conf_autograd_ceil_out_0_shape,
     conf_autograd_ceil_out_0_data},
    {2, conf_autograd_ceil_out_1_shape,
     conf_autograd_ceil_out_1_data},
    {2, conf_autograd_ceil_out_2_shape,
     conf_autograd_ceil_out_2_data}};
CONF_PROG(conf_autograd_ceil,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo ceil)",
          CONF_EAGER,
    "prog conf_autograd_ceil\n"
    "in 3,4\n"
    "v1 = ceil v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_ceil_in, 1,
          conf_autograd_ceil_out, 3, 0)
static const int64_t conf_autograd_round_in_0_shape[] = {3, 4};
static const double conf_autograd_round_in_0_data[] = {
    -0.843514752624345, -0.5006082427459053, -1.449932414129278, 1.3278237591723836,
    -1.4606936736193568, -0.6883494293251341, -0.9168008487918528, -0.7328180175902415,
    1.0164251476926227, -1.4960152119105319, -0.5634132862802187, 1.3487396645385727};
static const conf_array conf_autograd_round_in[] = {
    {2, conf_autograd_round_in_0_shape,
     conf_autograd_round_in_0_data}};
static const int64_t conf_autograd_round_out_0_shape[] = {3, 4};
static const double conf_autograd_round_out_0_data[] = {
    -1.0, -1.0, -1.0, 1.0, -1.0, -1.0, -1.0, -1.0, 1.0, -1.0, -1.0, 1.0};
static const int64_t conf_autograd_round_out_1_shape[] = {3, 4};
static const double conf_autograd_round_out_1_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_round_out_2_shape[] = {3, 4};
static const double conf_autograd_round_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_round_out[] = {
    {2, conf_autograd_round_out_0_shape,
     conf_autograd_round_out_0_data},
    {2, conf_autograd_round_out_1_shape,
     conf_autograd_round_out_1_data},
    {2, conf_autograd_round_out_2_shape,
     conf_autograd_round_out_2_data}};
CONF_PROG(conf_autograd_round,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo round)",
          CONF_EAGER,
    "prog conf_autograd_round\n"
    "in 3,4\n"
    "v1 = round v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_round_in, 1,
          conf_autograd_round_out, 3, 0)
static const int64_t conf_autograd_abs_at_zero_in_0_shape[] = {5};
static const double conf_autograd_abs_at_zero_in_0_data[] = {
    -1.0, 2.0, 2.0, -1.0, -2.0};
static const conf_array conf_autograd_abs_at_zero_in[] = {
    {1, conf_autograd_abs_at_zero_in_0_shape,
     conf_autograd_abs_at_zero_in_0_data}};
static const int64_t conf_autograd_abs_at_zero_out_0_shape[] = {5};
static const double conf_autograd_abs_at_zero_out_0_data[] = {
    1.0, 2.0, 2.0, 1.0, 2.0};
static const int64_t conf_autograd_abs_at_zero_out_1_shape[] = {5};
static const double conf_autograd_abs_at_zero_out_1_data[] = {
    0.5, 1.25, 0.25, 0.75, -1.0};
static const int64_t conf_autograd_abs_at_zero_out_2_shape[] = {5};
static const double conf_autograd_abs_at_zero_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_abs_at_zero_out[] = {
    {1, conf_autograd_abs_at_zero_out_0_shape,
     conf_autograd_abs_at_zero_out_0_data},
    {1, conf_autograd_abs_at_zero_out_1_shape,
     conf_autograd_abs_at_zero_out_1_data},
    {1, conf_autograd_abs_at_zero_out_2_shape,
     conf_autograd_abs_at_zero_out_2_data}};
CONF_PROG(conf_autograd_abs_at_zero,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo abs)",
          CONF_EAGER,
    "prog conf_autograd_abs_at_zero\n"
    "in 5\n"
    "v1 = abs v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_abs_at_zero_in, 1,
          conf_autograd_abs_at_zero_out, 3, 0)
static const int64_t conf_autograd_relu_at_zero_in_0_shape[] = {5};
static const double conf_autograd_relu_at_zero_in_0_data[] = {
    -2.0, 1.0, 0.0, -1.0, 0.0};
static const conf_array conf_autograd_relu_at_zero_in[] = {
    {1, conf_autograd_relu_at_zero_in_0_shape,
     conf_autograd_relu_at_zero_in_0_data}};
static const int64_t conf_autograd_relu_at_zero_out_0_shape[] = {5};
static const double conf_autograd_relu_at_zero_out_0_data[] = {
    0.0, 1.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_relu_at_zero_out_1_shape[] = {5};
static const double conf_autograd_relu_at_zero_out_1_data[] = {
    0.0, 1.25, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_relu_at_zero_out_2_shape[] = {5};
static const double conf_autograd_relu_at_zero_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_relu_at_zero_out[] = {
    {1, conf_autograd_relu_at_zero_out_0_shape,
     conf_autograd_relu_at_zero_out_0_data},
    {1, conf_autograd_relu_at_zero_out_1_shape,
     conf_autograd_relu_at_zero_out_1_data},
    {1, conf_autograd_relu_at_zero_out_2_shape,
     conf_autograd_relu_at_zero_out_2_data}};
CONF_PROG(conf_autograd_relu_at_zero,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo relu)",
          CONF_EAGER,
    "prog conf_autograd_relu_at_zero\n"
    "in 5\n"
    "v1 = relu v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_relu_at_zero_in, 1,
          conf_autograd_relu_at_zero_out, 3, 0)
static const int64_t conf_autograd_sqrt_0d_in_0_shape[] = {0};
static const double conf_autograd_sqrt_0d_in_0_data[] = {
    0.8200796461880453};
static const conf_array conf_autograd_sqrt_0d_in[] = {
    {0, conf_autograd_sqrt_0d_in_0_shape,
     conf_autograd_sqrt_0d_in_0_data}};
static const int64_t conf_autograd_sqrt_0d_out_0_shape[] = {0};
static const double conf_autograd_sqrt_0d_out_0_data[] = {
    0.9055824899963809};
static const int64_t conf_autograd_sqrt_0d_out_1_shape[] = {0};
static const double conf_autograd_sqrt_0d_out_1_data[] = {
    -0.27606540846543876};
static const int64_t conf_autograd_sqrt_0d_out_2_shape[] = {0};
static const double conf_autograd_sqrt_0d_out_2_data[] = {
    0.0};
static const conf_array conf_autograd_sqrt_0d_out[] = {
    {0, conf_autograd_sqrt_0d_out_0_shape,
     conf_autograd_sqrt_0d_out_0_data},
    {0, conf_autograd_sqrt_0d_out_1_shape,
     conf_autograd_sqrt_0d_out_1_data},
    {0, conf_autograd_sqrt_0d_out_2_shape,
     conf_autograd_sqrt_0d_out_2_data}};
CONF_PROG(conf_autograd_sqrt_0d,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo sqrt)",
          CONF_EAGER,
    "prog conf_autograd_sqrt_0d\n"
    "in -\n"
    "v1 = sqrt v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_sqrt_0d_in, 1,
          conf_autograd_sqrt_0d_out, 3, 0)
static const int64_t conf_autograd_clamp_both_in_0_shape[] = {3, 4};
static const double conf_autograd_clamp_both_in_0_data[] = {
    0.6279091250239323, 0.0675773549715436, -0.848587792411861, -1.7096493474659926,
    -0.11628990633294511, 0.7347248970933582, 1.478058758686238, -0.35677041261501824,
    0.4104180005572226, 0.5269979447618377, -0.0061732950911339715, 0.43329181365826436};
static const conf_array conf_autograd_clamp_both_in[] = {
    {2, conf_autograd_clamp_both_in_0_shape,
     conf_autograd_clamp_both_in_0_data}};
static const int64_t conf_autograd_clamp_both_out_0_shape[] = {3, 4};
static const double conf_autograd_clamp_both_out_0_data[] = {
    0.5, 0.0675773549715436, -0.5, -0.5, -0.11628990633294511, 0.5, 0.5, -0.35677041261501824,
    0.4104180005572226, 0.5, -0.0061732950911339715, 0.43329181365826436};
static const int64_t conf_autograd_clamp_both_out_1_shape[] = {3, 4};
static const double conf_autograd_clamp_both_out_1_data[] = {
    0.0, 1.25, 0.0, 0.0, 1.0, 0.0, 0.0, 0.75, -0.25, 0.0, 0.5, -0.5};
static const int64_t conf_autograd_clamp_both_out_2_shape[] = {3, 4};
static const double conf_autograd_clamp_both_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_clamp_both_out[] = {
    {2, conf_autograd_clamp_both_out_0_shape,
     conf_autograd_clamp_both_out_0_data},
    {2, conf_autograd_clamp_both_out_1_shape,
     conf_autograd_clamp_both_out_1_data},
    {2, conf_autograd_clamp_both_out_2_shape,
     conf_autograd_clamp_both_out_2_data}};
CONF_PROG(conf_autograd_clamp_both,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo clamp)",
          CONF_EAGER,
    "prog conf_autograd_clamp_both\n"
    "in 3,4\n"
    "v1 = clamp v0 -0.5 0.5\n"
    "out v1\n"
    "end\n",
          conf_autograd_clamp_both_in, 1,
          conf_autograd_clamp_both_out, 3, 0)
static const int64_t conf_autograd_clamp_min_in_0_shape[] = {3, 4};
static const double conf_autograd_clamp_min_in_0_data[] = {
    -0.9742617196737595, -0.501962469807483, 0.048269335551757275, -0.1902838598478539,
    -0.7660998843097829, 0.570457182239295, 0.40015409224509907, 1.858939381695382,
    1.2200775044391377, -1.3940775021643672, -0.12098850798640497, -2.1551562682913943};
static const conf_array conf_autograd_clamp_min_in[] = {
    {2, conf_autograd_clamp_min_in_0_shape,
     conf_autograd_clamp_min_in_0_data}};
static const int64_t conf_autograd_clamp_min_out_0_shape[] = {3, 4};
static const double conf_autograd_clamp_min_out_0_data[] = {
    -0.5, -0.5, 0.048269335551757275, -0.1902838598478539, -0.5, 0.570457182239295,
    0.40015409224509907, 1.858939381695382, 1.2200775044391377, -0.5, -0.12098850798640497, -0.5};
static const int64_t conf_autograd_clamp_min_out_1_shape[] = {3, 4};
static const double conf_autograd_clamp_min_out_1_data[] = {
    0.0, 0.0, 0.25, -0.75, 0.0, 0.0, -1.0, 0.75, -0.25, 0.0, 0.5, 0.0};
static const int64_t conf_autograd_clamp_min_out_2_shape[] = {3, 4};
static const double conf_autograd_clamp_min_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_clamp_min_out[] = {
    {2, conf_autograd_clamp_min_out_0_shape,
     conf_autograd_clamp_min_out_0_data},
    {2, conf_autograd_clamp_min_out_1_shape,
     conf_autograd_clamp_min_out_1_data},
    {2, conf_autograd_clamp_min_out_2_shape,
     conf_autograd_clamp_min_out_2_data}};
CONF_PROG(conf_autograd_clamp_min,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo clamp)",
          CONF_EAGER,
    "prog conf_autograd_clamp_min\n"
    "in 3,4\n"
    "v1 = clamp v0 -0.5 inf\n"
    "out v1\n"
    "end\n",
          conf_autograd_clamp_min_in, 1,
          conf_autograd_clamp_min_out, 3, 0)
static const int64_t conf_autograd_clamp_max_in_0_shape[] = {3, 4};
static const double conf_autograd_clamp_max_in_0_data[] = {
    -1.0692362939248838, 0.02553653727245922, -0.40146827749413505, 0.40832397521926955,
    1.4666818881329948, -0.4962427128453391, -0.787961832946887, -1.3889715091153203,
    1.1654434296236502, 0.178768045570028, 0.9347196043981741, -0.25570836904413047};
static const conf_array conf_autograd_clamp_max_in[] = {
    {2, conf_autograd_clamp_max_in_0_shape,
     conf_autograd_clamp_max_in_0_data}};
static const int64_t conf_autograd_clamp_max_out_0_shape[] = {3, 4};
static const double conf_autograd_clamp_max_out_0_data[] = {
    -1.0692362939248838, 0.02553653727245922, -0.40146827749413505, 0.40832397521926955, 0.5,
    -0.4962427128453391, -0.787961832946887, -1.3889715091153203, 0.5, 0.178768045570028, 0.5,
    -0.25570836904413047};
static const int64_t conf_autograd_clamp_max_out_1_shape[] = {3, 4};
static const double conf_autograd_clamp_max_out_1_data[] = {
    -0.5, 1.25, 0.25, -0.75, 0.0, 0.0, -1.0, 0.75, 0.0, -1.25, 0.0, -0.5};
static const int64_t conf_autograd_clamp_max_out_2_shape[] = {3, 4};
static const double conf_autograd_clamp_max_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_clamp_max_out[] = {
    {2, conf_autograd_clamp_max_out_0_shape,
     conf_autograd_clamp_max_out_0_data},
    {2, conf_autograd_clamp_max_out_1_shape,
     conf_autograd_clamp_max_out_1_data},
    {2, conf_autograd_clamp_max_out_2_shape,
     conf_autograd_clamp_max_out_2_data}};
CONF_PROG(conf_autograd_clamp_max,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo clamp)",
          CONF_EAGER,
    "prog conf_autograd_clamp_max\n"
    "in 3,4\n"
    "v1 = clamp v0 -inf 0.5\n"
    "out v1\n"
    "end\n",
          conf_autograd_clamp_max_in, 1,
          conf_autograd_clamp_max_out, 3, 0)
static const int64_t conf_autograd_clamp_min_gt_max_in_0_shape[] = {3, 4};
static const double conf_autograd_clamp_min_gt_max_in_0_data[] = {
    -1.153462359392991, -0.47389010552073924, 0.327395393490226, 0.5582128021719717,
    1.9052943862196448, -0.9234579697914663, -0.12987791072442498, 0.46942621212432656,
    1.550453339324283, -1.1099710094819406, -1.0266678332064663, -0.4406002175574243};
static const conf_array conf_autograd_clamp_min_gt_max_in[] = {
    {2, conf_autograd_clamp_min_gt_max_in_0_shape,
     conf_autograd_clamp_min_gt_max_in_0_data}};
static const int64_t conf_autograd_clamp_min_gt_max_out_0_shape[] = {3, 4};
static const double conf_autograd_clamp_min_gt_max_out_0_data[] = {
    -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5};
static const int64_t conf_autograd_clamp_min_gt_max_out_1_shape[] = {3, 4};
static const double conf_autograd_clamp_min_gt_max_out_1_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_clamp_min_gt_max_out_2_shape[] = {3, 4};
static const double conf_autograd_clamp_min_gt_max_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_clamp_min_gt_max_out[] = {
    {2, conf_autograd_clamp_min_gt_max_out_0_shape,
     conf_autograd_clamp_min_gt_max_out_0_data},
    {2, conf_autograd_clamp_min_gt_max_out_1_shape,
     conf_autograd_clamp_min_gt_max_out_1_data},
    {2, conf_autograd_clamp_min_gt_max_out_2_shape,
     conf_autograd_clamp_min_gt_max_out_2_data}};
CONF_PROG(conf_autograd_clamp_min_gt_max,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo clamp)",
          CONF_EAGER,
    "prog conf_autograd_clamp_min_gt_max\n"
    "in 3,4\n"
    "v1 = clamp v0 0.5 -0.5\n"
    "out v1\n"
    "end\n",
          conf_autograd_clamp_min_gt_max_in, 1,
          conf_autograd_clamp_min_gt_max_out, 3, 0)
static const int64_t conf_autograd_clamp_at_bounds_in_0_shape[] = {5};
static const double conf_autograd_clamp_at_bounds_in_0_data[] = {
    0.0, 2.0, -1.0, 0.0, -2.0};
static const conf_array conf_autograd_clamp_at_bounds_in[] = {
    {1, conf_autograd_clamp_at_bounds_in_0_shape,
     conf_autograd_clamp_at_bounds_in_0_data}};
static const int64_t conf_autograd_clamp_at_bounds_out_0_shape[] = {5};
static const double conf_autograd_clamp_at_bounds_out_0_data[] = {
    0.0, 1.0, -1.0, 0.0, -1.0};
static const int64_t conf_autograd_clamp_at_bounds_out_1_shape[] = {5};
static const double conf_autograd_clamp_at_bounds_out_1_data[] = {
    -0.5, 0.0, 0.0, -0.75, 0.0};
static const int64_t conf_autograd_clamp_at_bounds_out_2_shape[] = {5};
static const double conf_autograd_clamp_at_bounds_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_clamp_at_bounds_out[] = {
    {1, conf_autograd_clamp_at_bounds_out_0_shape,
     conf_autograd_clamp_at_bounds_out_0_data},
    {1, conf_autograd_clamp_at_bounds_out_1_shape,
     conf_autograd_clamp_at_bounds_out_1_data},
    {1, conf_autograd_clamp_at_bounds_out_2_shape,
     conf_autograd_clamp_at_bounds_out_2_data}};
CONF_PROG(conf_autograd_clamp_at_bounds,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo clamp)",
          CONF_EAGER,
    "prog conf_autograd_clamp_at_bounds\n"
    "in 5\n"
    "v1 = clamp v0 -1.0 1.0\n"
    "out v1\n"
    "end\n",
          conf_autograd_clamp_at_bounds_in, 1,
          conf_autograd_clamp_at_bounds_out, 3, 0)
static const int64_t conf_autograd_add_in_0_shape[] = {3, 4};
static const double conf_autograd_add_in_0_data[] = {
    -0.9770883266289386, 0.3987681561658934, 0.8904136328153893, -0.11060632715638416,
    -0.10979626634251483, -0.4400043419603424, 0.9700650727938358, -0.1076942073802284,
    -0.616631711837127, 0.15775284647269833, 1.5588964021665839, -0.09235009062022878};
static const int64_t conf_autograd_add_in_1_shape[] = {3, 4};
static const double conf_autograd_add_in_1_data[] = {
    0.3591696018690278, -2.06701565088906, -0.12413697494364265, -0.2790247643772341,
    -2.2753348454138593, 0.9913741087446478, 0.6032090292604856, 0.19092075490438223,
    -1.2373494227285275, -1.9413541969381198, -1.0983951598467603, 1.6996066900857025};
static const conf_array conf_autograd_add_in[] = {
    {2, conf_autograd_add_in_0_shape,
     conf_autograd_add_in_0_data},
    {2, conf_autograd_add_in_1_shape,
     conf_autograd_add_in_1_data}};
static const int64_t conf_autograd_add_out_0_shape[] = {3, 4};
static const double conf_autograd_add_out_0_data[] = {
    -0.6179187247599108, -1.6682474947231667, 0.7662766578717467, -0.3896310915336183,
    -2.3851311117563743, 0.5513697667843054, 1.5732741020543215, 0.08322654752415383,
    -1.8539811345656545, -1.7836013504654216, 0.4605012423198236, 1.6072565994654737};
static const int64_t conf_autograd_add_out_1_shape[] = {3, 4};
static const double conf_autograd_add_out_1_data[] = {
    -0.5, 1.25, 0.25, -0.75, 1.0, 0.0, -1.0, 0.75, -0.25, -1.25, 0.5, -0.5};
static const int64_t conf_autograd_add_out_2_shape[] = {3, 4};
static const double conf_autograd_add_out_2_data[] = {
    -0.5, 1.25, 0.25, -0.75, 1.0, 0.0, -1.0, 0.75, -0.25, -1.25, 0.5, -0.5};
static const int64_t conf_autograd_add_out_3_shape[] = {3, 4};
static const double conf_autograd_add_out_3_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_add_out_4_shape[] = {3, 4};
static const double conf_autograd_add_out_4_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_add_out[] = {
    {2, conf_autograd_add_out_0_shape,
     conf_autograd_add_out_0_data},
    {2, conf_autograd_add_out_1_shape,
     conf_autograd_add_out_1_data},
    {2, conf_autograd_add_out_2_shape,
     conf_autograd_add_out_2_data},
    {2, conf_autograd_add_out_3_shape,
     conf_autograd_add_out_3_data},
    {2, conf_autograd_add_out_4_shape,
     conf_autograd_add_out_4_data}};
CONF_PROG(conf_autograd_add,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo add)",
          CONF_EAGER,
    "prog conf_autograd_add\n"
    "in 3,4\n"
    "in 3,4\n"
    "v2 = add v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_add_in, 2,
          conf_autograd_add_out, 5, 0)
static const int64_t conf_autograd_add_broadcast_in_0_shape[] = {2, 1, 4};
static const double conf_autograd_add_broadcast_in_0_data[] = {
    -1.3721907548136707, -0.9990806609543463, 1.1805082329067453, -0.8034635981128744,
    1.0296034246759194, -0.023699191035795097, -0.5265483347804479, -0.004707118473478114};
static const int64_t conf_autograd_add_broadcast_in_1_shape[] = {3, 1};
static const double conf_autograd_add_broadcast_in_1_data[] = {
    0.20647173336966976, -0.024822531356806933, -0.462555400064429};
static const conf_array conf_autograd_add_broadcast_in[] = {
    {3, conf_autograd_add_broadcast_in_0_shape,
     conf_autograd_add_broadcast_in_0_data},
    {2, conf_autograd_add_broadcast_in_1_shape,
     conf_autograd_add_broadcast_in_1_data}};
static const int64_t conf_autograd_add_broadcast_out_0_shape[] = {2, 3, 4};
static const double conf_autograd_add_broadcast_out_0_data[] = {
    -1.165719021444001, -0.7926089275846766, 1.386979966276415, -0.5969918647432046,
    -1.3970132861704776, -1.0239031923111532, 1.1556857015499384, -0.8282861294696813,
    -1.8347461548780997, -1.4616360610187753, 0.7179528328423164, -1.2660189981773033,
    1.236075158045589, 0.18277254233387466, -0.3200766014107782, 0.20176461489619163,
    1.0047808933191125, -0.04852172239260203, -0.5513708661372548, -0.029529649830285047,
    0.5670480246114904, -0.4862545911002241, -0.989103734844877, -0.4672625185379071};
static const int64_t conf_autograd_add_broadcast_out_1_shape[] = {2, 1, 4};
static const double conf_autograd_add_broadcast_out_1_data[] = {
    0.25, 0.0, -0.25, -0.5, 0.0, -0.25, -0.5, 2.0};
static const int64_t conf_autograd_add_broadcast_out_2_shape[] = {3, 1};
static const double conf_autograd_add_broadcast_out_2_data[] = {
    2.0, 0.25, -1.5};
static const int64_t conf_autograd_add_broadcast_out_3_shape[] = {2, 1, 4};
static const double conf_autograd_add_broadcast_out_3_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_add_broadcast_out_4_shape[] = {3, 1};
static const double conf_autograd_add_broadcast_out_4_data[] = {
    0.0, 0.0, 0.0};
static const conf_array conf_autograd_add_broadcast_out[] = {
    {3, conf_autograd_add_broadcast_out_0_shape,
     conf_autograd_add_broadcast_out_0_data},
    {3, conf_autograd_add_broadcast_out_1_shape,
     conf_autograd_add_broadcast_out_1_data},
    {2, conf_autograd_add_broadcast_out_2_shape,
     conf_autograd_add_broadcast_out_2_data},
    {3, conf_autograd_add_broadcast_out_3_shape,
     conf_autograd_add_broadcast_out_3_data},
    {2, conf_autograd_add_broadcast_out_4_shape,
     conf_autograd_add_broadcast_out_4_data}};
CONF_PROG(conf_autograd_add_broadcast,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo add) with broadcasting",
          CONF_EAGER,
    "prog conf_autograd_add_broadcast\n"
    "in 2,1,4\n"
    "in 3,1\n"
    "v2 = add v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_add_broadcast_in, 2,
          conf_autograd_add_broadcast_out, 5, 0)
static const int64_t conf_autograd_add_scalar_tensor_in_0_shape[] = {3};
static const double conf_autograd_add_scalar_tensor_in_0_data[] = {
    1.7361286835950125, 0.5433180946052686, 0.5838323649114859};
static const int64_t conf_autograd_add_scalar_tensor_in_1_shape[] = {0};
static const double conf_autograd_add_scalar_tensor_in_1_data[] = {
    -0.2472963166742157};
static const conf_array conf_autograd_add_scalar_tensor_in[] = {
    {1, conf_autograd_add_scalar_tensor_in_0_shape,
     conf_autograd_add_scalar_tensor_in_0_data},
    {0, conf_autograd_add_scalar_tensor_in_1_shape,
     conf_autograd_add_scalar_tensor_in_1_data}};
static const int64_t conf_autograd_add_scalar_tensor_out_0_shape[] = {3};
static const double conf_autograd_add_scalar_tensor_out_0_data[] = {
    1.4888323669207968, 0.2960217779310529, 0.33653604823727024};
static const int64_t conf_autograd_add_scalar_tensor_out_1_shape[] = {3};
static const double conf_autograd_add_scalar_tensor_out_1_data[] = {
    -0.5, 1.25, 0.25};
static const int64_t conf_autograd_add_scalar_tensor_out_2_shape[] = {0};
static const double conf_autograd_add_scalar_tensor_out_2_data[] = {
    1.0};
static const int64_t conf_autograd_add_scalar_tensor_out_3_shape[] = {3};
static const double conf_autograd_add_scalar_tensor_out_3_data[] = {
    0.0, 0.0, 0.0};
static const int64_t conf_autograd_add_scalar_tensor_out_4_shape[] = {0};
static const double conf_autograd_add_scalar_tensor_out_4_data[] = {
    0.0};
static const conf_array conf_autograd_add_scalar_tensor_out[] = {
    {1, conf_autograd_add_scalar_tensor_out_0_shape,
     conf_autograd_add_scalar_tensor_out_0_data},
    {1, conf_autograd_add_scalar_tensor_out_1_shape,
     conf_autograd_add_scalar_tensor_out_1_data},
    {0, conf_autograd_add_scalar_tensor_out_2_shape,
     conf_autograd_add_scalar_tensor_out_2_data},
    {1, conf_autograd_add_scalar_tensor_out_3_shape,
     conf_autograd_add_scalar_tensor_out_3_data},
    {0, conf_autograd_add_scalar_tensor_out_4_shape,
     conf_autograd_add_scalar_tensor_out_4_data}};
CONF_PROG(conf_autograd_add_scalar_tensor,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo add)",
          CONF_EAGER,
    "prog conf_autograd_add_scalar_tensor\n"
    "in 3\n"
    "in -\n"
    "v2 = add v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_add_scalar_tensor_in, 2,
          conf_autograd_add_scalar_tensor_out, 5, 0)
static const int64_t conf_autograd_sub_in_0_shape[] = {3, 4};
static const double conf_autograd_sub_in_0_data[] = {
    0.3738635511549503, -0.6949093248251615, -0.4416142399674475, -0.2707351420176502,
    -0.1593893875249717, -0.7970209194474963, -1.294753620965695, -1.5596470706774286,
    1.0056965928705905, 0.6720404361224221, 0.9241046917325328, 0.33174379550297645};
static const int64_t conf_autograd_sub_in_1_shape[] = {3, 4};
static const double conf_autograd_sub_in_1_data[] = {
    0.17112822181880197, 0.17267827000964592, -0.34083130408909845, -1.3465800674151158,
    0.7847662187400449, -2.382671748248366, -1.1745426607059437, -0.5850157344421877,
    0.9911705160366453, 0.535878543189875, -0.9089704850240579, -2.281572025899236};
static const conf_array conf_autograd_sub_in[] = {
    {2, conf_autograd_sub_in_0_shape,
     conf_autograd_sub_in_0_data},
    {2, conf_autograd_sub_in_1_shape,
     conf_autograd_sub_in_1_data}};
static const int64_t conf_autograd_sub_out_0_shape[] = {3, 4};
static const double conf_autograd_sub_out_0_data[] = {
    0.20273532933614832, -0.8675875948348075, -0.10078293587834902, 1.0758449253974656,
    -0.9441556062650166, 1.58565082880087, -0.1202109602597512, -0.9746313362352409,
    0.014526076833945245, 0.1361618929325471, 1.8330751767565907, 2.613315821402212};
static const int64_t conf_autograd_sub_out_1_shape[] = {3, 4};
static const double conf_autograd_sub_out_1_data[] = {
    -0.5, 1.25, 0.25, -0.75, 1.0, 0.0, -1.0, 0.75, -0.25, -1.25, 0.5, -0.5};
static const int64_t conf_autograd_sub_out_2_shape[] = {3, 4};
static const double conf_autograd_sub_out_2_data[] = {
    0.5, -1.25, -0.25, 0.75, -1.0, -0.0, 1.0, -0.75, 0.25, 1.25, -0.5, 0.5};
static const int64_t conf_autograd_sub_out_3_shape[] = {3, 4};
static const double conf_autograd_sub_out_3_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_sub_out_4_shape[] = {3, 4};
static const double conf_autograd_sub_out_4_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_sub_out[] = {
    {2, conf_autograd_sub_out_0_shape,
     conf_autograd_sub_out_0_data},
    {2, conf_autograd_sub_out_1_shape,
     conf_autograd_sub_out_1_data},
    {2, conf_autograd_sub_out_2_shape,
     conf_autograd_sub_out_2_data},
    {2, conf_autograd_sub_out_3_shape,
     conf_autograd_sub_out_3_data},
    {2, conf_autograd_sub_out_4_shape,
     conf_autograd_sub_out_4_data}};
CONF_PROG(conf_autograd_sub,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo sub)",
          CONF_EAGER,
    "prog conf_autograd_sub\n"
    "in 3,4\n"
    "in 3,4\n"
    "v2 = sub v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_sub_in, 2,
          conf_autograd_sub_out, 5, 0)
static const int64_t conf_autograd_sub_broadcast_in_0_shape[] = {2, 1, 4};
static const double conf_autograd_sub_broadcast_in_0_data[] = {
    -0.35822266160876526, 0.5307654045717342, -0.7771754815911265, 0.1103894922104073,
    -0.6570622310317709, -0.013702417160621089, -1.551040953273784, 0.9538003489988347};
static const int64_t conf_autograd_sub_broadcast_in_1_shape[] = {3, 1};
static const double conf_autograd_sub_broadcast_in_1_data[] = {
    0.55459482859194, -0.1956584342106649, 0.6635803481044764};
static const conf_array conf_autograd_sub_broadcast_in[] = {
    {3, conf_autograd_sub_broadcast_in_0_shape,
     conf_autograd_sub_broadcast_in_0_data},
    {2, conf_autograd_sub_broadcast_in_1_shape,
     conf_autograd_sub_broadcast_in_1_data}};
static const int64_t conf_autograd_sub_broadcast_out_0_shape[] = {2, 3, 4};
static const double conf_autograd_sub_broadcast_out_0_data[] = {
    -0.9128174902007052, -0.023829424020205825, -1.3317703101830665, -0.4442053363815327,
    -0.16256422739810036, 0.726423838782399, -0.5815170473804616, 0.3060479264210722,
    -1.0218030097132416, -0.13281494353274226, -1.440755829695603, -0.5531908558940691,
    -1.2116570596237108, -0.568297245752561, -2.105635781865724, 0.3992055204068947,
    -0.461403796821106, 0.1819560170500438, -1.3553825190631192, 1.1494587832094996,
    -1.3206425791362473, -0.6772827652650975, -2.2146213013782603, 0.2902200008943583};
static const int64_t conf_autograd_sub_broadcast_out_1_shape[] = {2, 1, 4};
static const double conf_autograd_sub_broadcast_out_1_data[] = {
    0.25, 0.0, -0.25, -0.5, 0.0, -0.25, -0.5, 2.0};
static const int64_t conf_autograd_sub_broadcast_out_2_shape[] = {3, 1};
static const double conf_autograd_sub_broadcast_out_2_data[] = {
    -2.0, -0.25, 1.5};
static const int64_t conf_autograd_sub_broadcast_out_3_shape[] = {2, 1, 4};
static const double conf_autograd_sub_broadcast_out_3_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_sub_broadcast_out_4_shape[] = {3, 1};
static const double conf_autograd_sub_broadcast_out_4_data[] = {
    0.0, 0.0, 0.0};
static const conf_array conf_autograd_sub_broadcast_out[] = {
    {3, conf_autograd_sub_broadcast_out_0_shape,
     conf_autograd_sub_broadcast_out_0_data},
    {3, conf_autograd_sub_broadcast_out_1_shape,
     conf_autograd_sub_broadcast_out_1_data},
    {2, conf_autograd_sub_broadcast_out_2_shape,
     conf_autograd_sub_broadcast_out_2_data},
    {3, conf_autograd_sub_broadcast_out_3_shape,
     conf_autograd_sub_broadcast_out_3_data},
    {2, conf_autograd_sub_broadcast_out_4_shape,
     conf_autograd_sub_broadcast_out_4_data}};
CONF_PROG(conf_autograd_sub_broadcast,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo sub) with broadcasting",
          CONF_EAGER,
    "prog conf_autograd_sub_broadcast\n"
    "in 2,1,4\n"
    "in 3,1\n"
    "v2 = sub v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_sub_broadcast_in, 2,
          conf_autograd_sub_broadcast_out, 5, 0)
static const int64_t conf_autograd_sub_scalar_tensor_in_0_shape[] = {3};
static const double conf_autograd_sub_scalar_tensor_in_0_data[] = {
    -1.2539442758974253, -1.6864486189796555, -1.1985061340113952};
static const int64_t conf_autograd_sub_scalar_tensor_in_1_shape[] = {0};
static const double conf_autograd_sub_scalar_tensor_in_1_data[] = {
    -0.38743754581613427};
static const conf_array conf_autograd_sub_scalar_tensor_in[] = {
    {1, conf_autograd_sub_scalar_tensor_in_0_shape,
     conf_autograd_sub_scalar_tensor_in_0_data},
    {0, conf_autograd_sub_scalar_tensor_in_1_shape,
     conf_autograd_sub_scalar_tensor_in_1_data}};
static const int64_t conf_autograd_sub_scalar_tensor_out_0_shape[] = {3};
static const double conf_autograd_sub_scalar_tensor_out_0_data[] = {
    -0.866506730081291, -1.2990110731635212, -0.8110685881952608};
static const int64_t conf_autograd_sub_scalar_tensor_out_1_shape[] = {3};
static const double conf_autograd_sub_scalar_tensor_out_1_data[] = {
    -0.5, 1.25, 0.25};
static const int64_t conf_autograd_sub_scalar_tensor_out_2_shape[] = {0};
static const double conf_autograd_sub_scalar_tensor_out_2_data[] = {
    -1.0};
static const int64_t conf_autograd_sub_scalar_tensor_out_3_shape[] = {3};
static const double conf_autograd_sub_scalar_tensor_out_3_data[] = {
    0.0, 0.0, 0.0};
static const int64_t conf_autograd_sub_scalar_tensor_out_4_shape[] = {0};
static const double conf_autograd_sub_scalar_tensor_out_4_data[] = {
    0.0};
static const conf_array conf_autograd_sub_scalar_tensor_out[] = {
    {1, conf_autograd_sub_scalar_tensor_out_0_shape,
     conf_autograd_sub_scalar_tensor_out_0_data},
    {1, conf_autograd_sub_scalar_tensor_out_1_shape,
     conf_autograd_sub_scalar_tensor_out_1_data},
    {0, conf_autograd_sub_scalar_tensor_out_2_shape,
     conf_autograd_sub_scalar_tensor_out_2_data},
    {1, conf_autograd_sub_scalar_tensor_out_3_shape,
     conf_autograd_sub_scalar_tensor_out_3_data},
    {0, conf_autograd_sub_scalar_tensor_out_4_shape,
     conf_autograd_sub_scalar_tensor_out_4_data}};
CONF_PROG(conf_autograd_sub_scalar_tensor,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo sub)",
          CONF_EAGER,
    "prog conf_autograd_sub_scalar_tensor\n"
    "in 3\n"
    "in -\n"
    "v2 = sub v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_sub_scalar_tensor_in, 2,
          conf_autograd_sub_scalar_tensor_out, 5, 0)
static const int64_t conf_autograd_mul_in_0_shape[] = {3, 4};
static const double conf_autograd_mul_in_0_data[] = {
    -1.8771817101938189, 1.1209360435891769, 0.6483636741253221, 1.0130285021768302,
    -0.9931002963085633, -0.29304226734271155, 0.3560069716609946, -1.061323969347194,
    0.5755548483073245, 0.29047199920212885, -0.30776114822459816, 0.684814137390245};
static const int64_t conf_autograd_mul_in_1_shape[] = {3, 4};
static const double conf_autograd_mul_in_1_data[] = {
    0.5386261706582206, 0.41510608117049946, -0.0013282893000500819, 1.8772664319173524,
    0.2848919284513638, -1.0243497143817344, 0.12305379159281112, 1.4224871202510043,
    1.1797189529193919, -0.1882148351978237, -0.3200334500253852, 0.6527422884066028};
static const conf_array conf_autograd_mul_in[] = {
    {2, conf_autograd_mul_in_0_shape,
     conf_autograd_mul_in_0_data},
    {2, conf_autograd_mul_in_1_shape,
     conf_autograd_mul_in_1_data}};
static const int64_t conf_autograd_mul_out_0_shape[] = {3, 4};
static const double conf_autograd_mul_out_0_data[] = {
    -1.0110991961913463, 0.46530736829706737, -0.0008612145308818235, 1.9017244017120778,
    -0.2829262585609674, 0.30017776285428244, 0.04380800769635984, -1.5097196768100554,
    0.6789929629927963, -0.05467113945941106, 0.0984938620500921, 0.4470071471733022};
static const int64_t conf_autograd_mul_out_1_shape[] = {3, 4};
static const double conf_autograd_mul_out_1_data[] = {
    -0.2693130853291103, 0.5188826014631244, -0.00033207232501252047, -1.4079498239380144,
    0.2848919284513638, -0.0, -0.12305379159281112, 1.0668653401882533, -0.29492973822984797,
    0.23526854399727962, -0.1600167250126926, -0.3263711442033014};
static const int64_t conf_autograd_mul_out_2_shape[] = {3, 4};
static const double conf_autograd_mul_out_2_data[] = {
    0.9385908550969094, 1.4011700544864711, 0.16209091853133054, -0.7597713766326226,
    -0.9931002963085633, -0.0, -0.3560069716609946, -0.7959929770103955, -0.14388871207683113,
    -0.36308999900266103, -0.15388057411229908, -0.3424070686951225};
static const int64_t conf_autograd_mul_out_3_shape[] = {3, 4};
static const double conf_autograd_mul_out_3_data[] = {
    -0.375, -0.3125, -0.3125, -0.375, -0.5, 0.0, -0.25, -0.5625, -0.25, -0.0, -0.5, -0.375};
static const int64_t conf_autograd_mul_out_4_shape[] = {3, 4};
static const double conf_autograd_mul_out_4_data[] = {
    -0.0, -1.25, 0.1875, 0.1875, -1.25, 0.0, 0.5, 0.9375, -0.0625, 0.9375, 0.5, -0.0};
static const conf_array conf_autograd_mul_out[] = {
    {2, conf_autograd_mul_out_0_shape,
     conf_autograd_mul_out_0_data},
    {2, conf_autograd_mul_out_1_shape,
     conf_autograd_mul_out_1_data},
    {2, conf_autograd_mul_out_2_shape,
     conf_autograd_mul_out_2_data},
    {2, conf_autograd_mul_out_3_shape,
     conf_autograd_mul_out_3_data},
    {2, conf_autograd_mul_out_4_shape,
     conf_autograd_mul_out_4_data}};
CONF_PROG(conf_autograd_mul,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo mul)",
          CONF_EAGER,
    "prog conf_autograd_mul\n"
    "in 3,4\n"
    "in 3,4\n"
    "v2 = mul v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_mul_in, 2,
          conf_autograd_mul_out, 5, 0)
static const int64_t conf_autograd_mul_broadcast_in_0_shape[] = {2, 1, 4};
static const double conf_autograd_mul_broadcast_in_0_data[] = {
    -0.014582422844522333, 1.2519751706632931, -1.2429958342861462, 0.23362496882909936,
    -1.4446118994133412, 0.8844598650670749, 1.6650156998895678, 1.5802947113944648};
static const int64_t conf_autograd_mul_broadcast_in_1_shape[] = {3, 1};
static const double conf_autograd_mul_broadcast_in_1_data[] = {
    -0.5276977056439183, 1.1156962571454823, 1.2527974980119325};
static const conf_array conf_autograd_mul_broadcast_in[] = {
    {3, conf_autograd_mul_broadcast_in_0_shape,
     conf_autograd_mul_broadcast_in_0_data},
    {2, conf_autograd_mul_broadcast_in_1_shape,
     conf_autograd_mul_broadcast_in_1_data}};
static const int64_t conf_autograd_mul_broadcast_out_0_shape[] = {2, 3, 4};
static const double conf_autograd_mul_broadcast_out_0_data[] = {
    0.007695111077783896, -0.6606644250821728, 0.6559260498777474, -0.12328336003224766,
    -0.016269554587746343, 1.3968240119481126, -1.3868057999604795, 0.2606545032983561,
    -0.018268822854569627, 1.5684713613800358, -1.5572220712329388, 0.2926847764222114,
    0.762318384866323, -0.46672744153002493, -0.8786249646928277, -0.8339178934440771,
    -1.6117480892032907, 0.9867885610507336, 1.8576517844552562, 1.7631288946896044,
    -1.8098061731832995, 1.1080491060480029, 2.085927502972237, 1.9797892605564744};
static const int64_t conf_autograd_mul_broadcast_out_1_shape[] = {2, 1, 4};
static const double conf_autograd_mul_broadcast_out_1_data[] = {
    1.0663457354644583, -2.2256190045698134, -0.6212219345504956, 0.6061467230860841,
    -2.2256190045698134, -0.6212219345504956, 0.6061467230860841, 0.7593751025846267};
static const int64_t conf_autograd_mul_broadcast_out_2_shape[] = {3, 1};
static const double conf_autograd_mul_broadcast_out_2_data[] = {
    -0.16682448196460253, 1.372860370064933, 1.0912215869229023};
static const int64_t conf_autograd_mul_broadcast_out_3_shape[] = {2, 1, 4};
static const double conf_autograd_mul_broadcast_out_3_data[] = {
    -0.3125, 2.5, -0.1875, -0.125, 2.5, -0.1875, -0.125, -0.75};
static const int64_t conf_autograd_mul_broadcast_out_4_shape[] = {3, 1};
static const double conf_autograd_mul_broadcast_out_4_data[] = {
    -0.6875, -2.125, 5.375};
static const conf_array conf_autograd_mul_broadcast_out[] = {
    {3, conf_autograd_mul_broadcast_out_0_shape,
     conf_autograd_mul_broadcast_out_0_data},
    {3, conf_autograd_mul_broadcast_out_1_shape,
     conf_autograd_mul_broadcast_out_1_data},
    {2, conf_autograd_mul_broadcast_out_2_shape,
     conf_autograd_mul_broadcast_out_2_data},
    {3, conf_autograd_mul_broadcast_out_3_shape,
     conf_autograd_mul_broadcast_out_3_data},
    {2, conf_autograd_mul_broadcast_out_4_shape,
     conf_autograd_mul_broadcast_out_4_data}};
CONF_PROG(conf_autograd_mul_broadcast,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo mul) with broadcasting",
          CONF_EAGER,
    "prog conf_autograd_mul_broadcast\n"
    "in 2,1,4\n"
    "in 3,1\n"
    "v2 = mul v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_mul_broadcast_in, 2,
          conf_autograd_mul_broadcast_out, 5, 0)
static const int64_t conf_autograd_mul_scalar_tensor_in_0_shape[] = {3};
static const double conf_autograd_mul_scalar_tensor_in_0_data[] = {
    -1.0161699414743597, 1.5214722344326326, 0.26160451180490313};
static const int64_t conf_autograd_mul_scalar_tensor_in_1_shape[] = {0};
static const double conf_autograd_mul_scalar_tensor_in_1_data[] = {
    0.09049708595498654};
static const conf_array conf_autograd_mul_scalar_tensor_in[] = {
    {1, conf_autograd_mul_scalar_tensor_in_0_shape,
     conf_autograd_mul_scalar_tensor_in_0_data},
    {0, conf_autograd_mul_scalar_tensor_in_1_shape,
     conf_autograd_mul_scalar_tensor_in_1_data}};
static const int64_t conf_autograd_mul_scalar_tensor_out_0_shape[] = {3};
static const double conf_autograd_mul_scalar_tensor_out_0_data[] = {
    -0.09196041853847876, 0.13768880357757537, 0.023674445991020608};
static const int64_t conf_autograd_mul_scalar_tensor_out_1_shape[] = {3};
static const double conf_autograd_mul_scalar_tensor_out_1_data[] = {
    -0.04524854297749327, 0.11312135744373317, 0.022624271488746635};
static const int64_t conf_autograd_mul_scalar_tensor_out_2_shape[] = {0};
static const double conf_autograd_mul_scalar_tensor_out_2_data[] = {
    2.475326391729196};
static const int64_t conf_autograd_mul_scalar_tensor_out_3_shape[] = {3};
static const double conf_autograd_mul_scalar_tensor_out_3_data[] = {
    -0.375, 0.9375, 0.1875};
static const int64_t conf_autograd_mul_scalar_tensor_out_4_shape[] = {0};
static const double conf_autograd_mul_scalar_tensor_out_4_data[] = {
    -1.0625};
static const conf_array conf_autograd_mul_scalar_tensor_out[] = {
    {1, conf_autograd_mul_scalar_tensor_out_0_shape,
     conf_autograd_mul_scalar_tensor_out_0_data},
    {1, conf_autograd_mul_scalar_tensor_out_1_shape,
     conf_autograd_mul_scalar_tensor_out_1_data},
    {0, conf_autograd_mul_scalar_tensor_out_2_shape,
     conf_autograd_mul_scalar_tensor_out_2_data},
    {1, conf_autograd_mul_scalar_tensor_out_3_shape,
     conf_autograd_mul_scalar_tensor_out_3_data},
    {0, conf_autograd_mul_scalar_tensor_out_4_shape,
     conf_autograd_mul_scalar_tensor_out_4_data}};
CONF_PROG(conf_autograd_mul_scalar_tensor,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo mul)",
          CONF_EAGER,
    "prog conf_autograd_mul_scalar_tensor\n"
    "in 3\n"
    "in -\n"
    "v2 = mul v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_mul_scalar_tensor_in, 2,
          conf_autograd_mul_scalar_tensor_out, 5, 0)
static const int64_t conf_autograd_div_in_0_shape[] = {3, 4};
static const double conf_autograd_div_in_0_data[] = {
    -1.923671386572306, -0.28887317894713577, 0.12449403136189786, -0.10546222461702896,
    1.4804294253798926, 0.038659464761195916, 0.15464328667719635, -0.18970143378753287,
    0.8911404835035589, 0.8091431713050732, 1.1771070005691666, -1.2489977241070263};
static const int64_t conf_autograd_div_in_1_shape[] = {3, 4};
static const double conf_autograd_div_in_1_data[] = {
    0.7214564378262939, 1.09507871946965, 1.4757965700588924, -0.57916852737136,
    -0.965746815967386, 1.3536246503512168, -0.5783314997991564, -0.7015664760478877,
    1.0863447654478122, 0.8909600566317908, 0.6953817616191532, 1.32247575911913};
static const conf_array conf_autograd_div_in[] = {
    {2, conf_autograd_div_in_0_shape,
     conf_autograd_div_in_0_data},
    {2, conf_autograd_div_in_1_shape,
     conf_autograd_div_in_1_data}};
static const int64_t conf_autograd_div_out_0_shape[] = {3, 4};
static const double conf_autograd_div_out_0_data[] = {
    -2.6663721961761344, -0.263792158327246, 0.08435717624477869, 0.18209246468499332,
    -1.5329374126871447, 0.02855995918156867, -0.2673955797512344, 0.2703969477791641,
    0.8203109287650626, 0.9081699738190055, 1.6927493148919324, -0.9444390307304795};
static const int64_t conf_autograd_div_out_1_shape[] = {3, 4};
static const double conf_autograd_div_out_1_data[] = {
    -0.6930425369915206, 1.141470451188549, 0.1694000413553093, 1.2949598684237613,
    -1.0354680786581758, 0.0, 1.7291121101777804, -1.0690362575831036, -0.23012952052744065,
    -1.4029809649666376, 0.7190294994734706, -0.37807876367657445};
static const int64_t conf_autograd_div_out_2_shape[] = {3, 4};
static const double conf_autograd_div_out_2_data[] = {
    -1.8479093514015608, 0.3011109539858027, -0.014290109144482626, -0.23580243410943735,
    -1.5873077574183927, -0.0, 0.4623569351558679, 0.28906414111573153, 0.1887777607201234,
    1.2741451862223143, -1.2171366926208065, -0.357072341106482};
static const int64_t conf_autograd_div_out_3_shape[] = {3, 4};
static const double conf_autograd_div_out_3_data[] = {
    0.7204619371194648, 0.2605909581873179, 0.14348187005590252, 1.1179473738853902,
    0.536097070960027, -0.0, 0.7474571723908642, 1.142838520027288, 0.2118383848727589, 0.0,
    1.0340068422261393, 0.21441532731481058};
static const int64_t conf_autograd_div_out_4_shape[] = {3, 4};
static const double conf_autograd_div_out_4_data[] = {
    3.8420393550770795, 1.1798475353508673, -0.11029657283401392, -0.9661132723405079,
    2.9838491912133085, 0.0, -1.0951808568803814, -2.522770961951818, -0.2945870882679376,
    -1.1810133528352307, -4.534635589769875, 0.4050044078059164};
static const conf_array conf_autograd_div_out[] = {
    {2, conf_autograd_div_out_0_shape,
     conf_autograd_div_out_0_data},
    {2, conf_autograd_div_out_1_shape,
     conf_autograd_div_out_1_data},
    {2, conf_autograd_div_out_2_shape,
     conf_autograd_div_out_2_data},
    {2, conf_autograd_div_out_3_shape,
     conf_autograd_div_out_3_data},
    {2, conf_autograd_div_out_4_shape,
     conf_autograd_div_out_4_data}};
CONF_PROG(conf_autograd_div,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo div)",
          CONF_EAGER,
    "prog conf_autograd_div\n"
    "in 3,4\n"
    "in 3,4\n"
    "v2 = div v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_div_in, 2,
          conf_autograd_div_out, 5, 0)
static const int64_t conf_autograd_div_broadcast_in_0_shape[] = {2, 1, 4};
static const double conf_autograd_div_broadcast_in_0_data[] = {
    1.227669765434216, 1.6172958521517542, -0.18327778077356757, 1.2657796813929747,
    -0.4303169267905482, 0.4586395581184326, -0.4466596418541168, -0.8360189145132332};
static const int64_t conf_autograd_div_broadcast_in_1_shape[] = {3, 1};
static const double conf_autograd_div_broadcast_in_1_data[] = {
    -1.3996897046477266, 0.880804219857492, 1.386982635343292};
static const conf_array conf_autograd_div_broadcast_in[] = {
    {3, conf_autograd_div_broadcast_in_0_shape,
     conf_autograd_div_broadcast_in_0_data},
    {2, conf_autograd_div_broadcast_in_1_shape,
     conf_autograd_div_broadcast_in_1_data}};
static const int64_t conf_autograd_div_broadcast_out_0_shape[] = {2, 3, 4};
static const double conf_autograd_div_broadcast_out_0_data[] = {
    -0.8771013756532526, -1.1554674202299677, 0.13094172241532265, -0.9043287788642739,
    1.3938054992888707, 1.8361581560240723, -0.20808004394350046, 1.4370726806892105,
    0.8851370840200573, 1.166053424851608, -0.13214136651985156, 0.912613935559245,
    0.3074373736990873, -0.3276723095093872, 0.319113329455068, 0.5972887503117287,
    -0.4885500285865689, 0.520705450517298, -0.5071043391758309, -0.9491540749526555,
    -0.31025401171229555, 0.33067433321175993, -0.3220369386553741, -0.6027609093363381};
static const int64_t conf_autograd_div_broadcast_out_1_shape[] = {2, 1, 4};
static const double conf_autograd_div_broadcast_out_1_data[] = {
    1.3123007191927225, -1.7942920291863076, -0.9534423133554613, 1.0268328256424046,
    -1.7942920291863076, -0.9534423133554613, 1.0268328256424046, -0.09703863270450674};
static const int64_t conf_autograd_div_broadcast_out_2_shape[] = {3, 1};
static const double conf_autograd_div_broadcast_out_2_data[] = {
    0.2611513245002681, -2.288754779029598, 1.615381932053541};
static const int64_t conf_autograd_div_broadcast_out_3_shape[] = {2, 1, 4};
static const double conf_autograd_div_broadcast_out_3_data[] = {
    0.3512070874281168, -1.2907564647322491, -0.09305579448166695, 0.20390683295137252,
    -1.2907564647322491, -0.09305579448166695, 0.20390683295137252, 0.34884496894856587};
static const int64_t conf_autograd_div_broadcast_out_4_shape[] = {3, 1};
static const double conf_autograd_div_broadcast_out_4_data[] = {
    0.6307878648839893, 1.4398097745662188, 0.11761931325888231};
static const conf_array conf_autograd_div_broadcast_out[] = {
    {3, conf_autograd_div_broadcast_out_0_shape,
     conf_autograd_div_broadcast_out_0_data},
    {3, conf_autograd_div_broadcast_out_1_shape,
     conf_autograd_div_broadcast_out_1_data},
    {2, conf_autograd_div_broadcast_out_2_shape,
     conf_autograd_div_broadcast_out_2_data},
    {3, conf_autograd_div_broadcast_out_3_shape,
     conf_autograd_div_broadcast_out_3_data},
    {2, conf_autograd_div_broadcast_out_4_shape,
     conf_autograd_div_broadcast_out_4_data}};
CONF_PROG(conf_autograd_div_broadcast,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo div) with broadcasting",
          CONF_EAGER,
    "prog conf_autograd_div_broadcast\n"
    "in 2,1,4\n"
    "in 3,1\n"
    "v2 = div v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_div_broadcast_in, 2,
          conf_autograd_div_broadcast_out, 5, 0)
static const int64_t conf_autograd_div_scalar_tensor_in_0_shape[] = {3};
static const double conf_autograd_div_scalar_tensor_in_0_data[] = {
    -0.3332973073661737, -0.4705733392392355, 1.7240409363105504};
static const int64_t conf_autograd_div_scalar_tensor_in_1_shape[] = {0};
static const double conf_autograd_div_scalar_tensor_in_1_data[] = {
    -1.412221400364893};
static const conf_array conf_autograd_div_scalar_tensor_in[] = {
    {1, conf_autograd_div_scalar_tensor_in_0_shape,
     conf_autograd_div_scalar_tensor_in_0_data},
    {0, conf_autograd_div_scalar_tensor_in_1_shape,
     conf_autograd_div_scalar_tensor_in_1_data}};
static const int64_t conf_autograd_div_scalar_tensor_out_0_shape[] = {3};
static const double conf_autograd_div_scalar_tensor_out_0_data[] = {
    0.23600924563248762, 0.33321498960265555, -1.2208007440370814};
static const int64_t conf_autograd_div_scalar_tensor_out_1_shape[] = {3};
static const double conf_autograd_div_scalar_tensor_out_1_data[] = {
    0.3540521336603516, -0.885130334150879, -0.1770260668301758};
static const int64_t conf_autograd_div_scalar_tensor_out_2_shape[] = {0};
static const double conf_autograd_div_scalar_tensor_out_2_data[] = {
    -0.004734435988908797};
static const int64_t conf_autograd_div_scalar_tensor_out_3_shape[] = {3};
static const double conf_autograd_div_scalar_tensor_out_3_data[] = {
    0.18802937002417122, -0.47007342506042804, -0.09401468501208561};
static const int64_t conf_autograd_div_scalar_tensor_out_4_shape[] = {0};
static const double conf_autograd_div_scalar_tensor_out_4_data[] = {
    0.5277211702444973};
static const conf_array conf_autograd_div_scalar_tensor_out[] = {
    {1, conf_autograd_div_scalar_tensor_out_0_shape,
     conf_autograd_div_scalar_tensor_out_0_data},
    {1, conf_autograd_div_scalar_tensor_out_1_shape,
     conf_autograd_div_scalar_tensor_out_1_data},
    {0, conf_autograd_div_scalar_tensor_out_2_shape,
     conf_autograd_div_scalar_tensor_out_2_data},
    {1, conf_autograd_div_scalar_tensor_out_3_shape,
     conf_autograd_div_scalar_tensor_out_3_data},
    {0, conf_autograd_div_scalar_tensor_out_4_shape,
     conf_autograd_div_scalar_tensor_out_4_data}};
CONF_PROG(conf_autograd_div_scalar_tensor,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo div)",
          CONF_EAGER,
    "prog conf_autograd_div_scalar_tensor\n"
    "in 3\n"
    "in -\n"
    "v2 = div v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_div_scalar_tensor_in, 2,
          conf_autograd_div_scalar_tensor_out, 5, 0)
static const int64_t conf_autograd_maximum_in_0_shape[] = {3, 4};
static const double conf_autograd_maximum_in_0_data[] = {
    0.3827245517805937, -0.9081386589929522, -0.16675456413883874, -0.45152647798530116,
    1.3925243676438237, -0.26298528398099186, 0.6289746606731506, -0.33798815005620064,
    0.07085843316951643, -0.2217811231196079, -1.6400276845263597, -0.24004070696123};
static const int64_t conf_autograd_maximum_in_1_shape[] = {3, 4};
static const double conf_autograd_maximum_in_1_data[] = {
    -0.3623434736304838, 0.6720950050129706, -0.44444905510688143, 0.5322458546501468,
    0.8816454492279562, 0.308539311454337, -0.4816549204076158, -0.3482036744226886,
    -0.6507276938423109, 2.3427443071368526, -0.08828669806963622, -1.7728160386038145};
static const conf_array conf_autograd_maximum_in[] = {
    {2, conf_autograd_maximum_in_0_shape,
     conf_autograd_maximum_in_0_data},
    {2, conf_autograd_maximum_in_1_shape,
     conf_autograd_maximum_in_1_data}};
static const int64_t conf_autograd_maximum_out_0_shape[] = {3, 4};
static const double conf_autograd_maximum_out_0_data[] = {
    0.3827245517805937, 0.6720950050129706, -0.16675456413883874, 0.5322458546501468,
    1.3925243676438237, 0.308539311454337, 0.6289746606731506, -0.33798815005620064,
    0.07085843316951643, 2.3427443071368526, -0.08828669806963622, -0.24004070696123};
static const int64_t conf_autograd_maximum_out_1_shape[] = {3, 4};
static const double conf_autograd_maximum_out_1_data[] = {
    -0.5, 0.0, 0.25, 0.0, 1.0, 0.0, -1.0, 0.75, -0.25, 0.0, 0.0, -0.5};
static const int64_t conf_autograd_maximum_out_2_shape[] = {3, 4};
static const double conf_autograd_maximum_out_2_data[] = {
    0.0, 1.25, 0.0, -0.75, 0.0, 0.0, 0.0, 0.0, 0.0, -1.25, 0.5, 0.0};
static const int64_t conf_autograd_maximum_out_3_shape[] = {3, 4};
static const double conf_autograd_maximum_out_3_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_maximum_out_4_shape[] = {3, 4};
static const double conf_autograd_maximum_out_4_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_maximum_out[] = {
    {2, conf_autograd_maximum_out_0_shape,
     conf_autograd_maximum_out_0_data},
    {2, conf_autograd_maximum_out_1_shape,
     conf_autograd_maximum_out_1_data},
    {2, conf_autograd_maximum_out_2_shape,
     conf_autograd_maximum_out_2_data},
    {2, conf_autograd_maximum_out_3_shape,
     conf_autograd_maximum_out_3_data},
    {2, conf_autograd_maximum_out_4_shape,
     conf_autograd_maximum_out_4_data}};
CONF_PROG(conf_autograd_maximum,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo maximum)",
          CONF_EAGER,
    "prog conf_autograd_maximum\n"
    "in 3,4\n"
    "in 3,4\n"
    "v2 = maximum v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_maximum_in, 2,
          conf_autograd_maximum_out, 5, 0)
static const int64_t conf_autograd_maximum_broadcast_in_0_shape[] = {2, 1, 4};
static const double conf_autograd_maximum_broadcast_in_0_data[] = {
    2.62972585658236, 1.805799870775828, 0.7358665966876887, -0.6263825528591876,
    -0.4293412651563545, 0.7308219771740946, -0.1574885655981368, -0.33940220655237147};
static const int64_t conf_autograd_maximum_broadcast_in_1_shape[] = {3, 1};
static const double conf_autograd_maximum_broadcast_in_1_data[] = {
    0.9997896291501894, 0.9862281551311594, 0.9180240017967607};
static const conf_array conf_autograd_maximum_broadcast_in[] = {
    {3, conf_autograd_maximum_broadcast_in_0_shape,
     conf_autograd_maximum_broadcast_in_0_data},
    {2, conf_autograd_maximum_broadcast_in_1_shape,
     conf_autograd_maximum_broadcast_in_1_data}};
static const int64_t conf_autograd_maximum_broadcast_out_0_shape[] = {2, 3, 4};
static const double conf_autograd_maximum_broadcast_out_0_data[] = {
    2.62972585658236, 1.805799870775828, 0.9997896291501894, 0.9997896291501894, 2.62972585658236,
    1.805799870775828, 0.9862281551311594, 0.9862281551311594, 2.62972585658236,
    1.805799870775828, 0.9180240017967607, 0.9180240017967607, 0.9997896291501894,
    0.9997896291501894, 0.9997896291501894, 0.9997896291501894, 0.9862281551311594,
    0.9862281551311594, 0.9862281551311594, 0.9862281551311594, 0.9180240017967607,
    0.9180240017967607, 0.9180240017967607, 0.9180240017967607};
static const int64_t conf_autograd_maximum_broadcast_out_1_shape[] = {2, 1, 4};
static const double conf_autograd_maximum_broadcast_out_1_data[] = {
    0.25, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_maximum_broadcast_out_2_shape[] = {3, 1};
static const double conf_autograd_maximum_broadcast_out_2_data[] = {
    1.25, -0.75, 0.0};
static const int64_t conf_autograd_maximum_broadcast_out_3_shape[] = {2, 1, 4};
static const double conf_autograd_maximum_broadcast_out_3_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_maximum_broadcast_out_4_shape[] = {3, 1};
static const double conf_autograd_maximum_broadcast_out_4_data[] = {
    0.0, 0.0, 0.0};
static const conf_array conf_autograd_maximum_broadcast_out[] = {
    {3, conf_autograd_maximum_broadcast_out_0_shape,
     conf_autograd_maximum_broadcast_out_0_data},
    {3, conf_autograd_maximum_broadcast_out_1_shape,
     conf_autograd_maximum_broadcast_out_1_data},
    {2, conf_autograd_maximum_broadcast_out_2_shape,
     conf_autograd_maximum_broadcast_out_2_data},
    {3, conf_autograd_maximum_broadcast_out_3_shape,
     conf_autograd_maximum_broadcast_out_3_data},
    {2, conf_autograd_maximum_broadcast_out_4_shape,
     conf_autograd_maximum_broadcast_out_4_data}};
CONF_PROG(conf_autograd_maximum_broadcast,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo maximum) with broadcasting",
          CONF_EAGER,
    "prog conf_autograd_maximum_broadcast\n"
    "in 2,1,4\n"
    "in 3,1\n"
    "v2 = maximum v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_maximum_broadcast_in, 2,
          conf_autograd_maximum_broadcast_out, 5, 0)
static const int64_t conf_autograd_maximum_scalar_tensor_in_0_shape[] = {3};
static const double conf_autograd_maximum_scalar_tensor_in_0_data[] = {
    1.7652523062207457, -1.6575049087089724, 1.9973168060592448};
static const int64_t conf_autograd_maximum_scalar_tensor_in_1_shape[] = {0};
static const double conf_autograd_maximum_scalar_tensor_in_1_data[] = {
    -1.2516250169685108};
static const conf_array conf_autograd_maximum_scalar_tensor_in[] = {
    {1, conf_autograd_maximum_scalar_tensor_in_0_shape,
     conf_autograd_maximum_scalar_tensor_in_0_data},
    {0, conf_autograd_maximum_scalar_tensor_in_1_shape,
     conf_autograd_maximum_scalar_tensor_in_1_data}};
static const int64_t conf_autograd_maximum_scalar_tensor_out_0_shape[] = {3};
static const double conf_autograd_maximum_scalar_tensor_out_0_data[] = {
    1.7652523062207457, -1.2516250169685108, 1.9973168060592448};
static const int64_t conf_autograd_maximum_scalar_tensor_out_1_shape[] = {3};
static const double conf_autograd_maximum_scalar_tensor_out_1_data[] = {
    -0.5, 0.0, 0.25};
static const int64_t conf_autograd_maximum_scalar_tensor_out_2_shape[] = {0};
static const double conf_autograd_maximum_scalar_tensor_out_2_data[] = {
    1.25};
static const int64_t conf_autograd_maximum_scalar_tensor_out_3_shape[] = {3};
static const double conf_autograd_maximum_scalar_tensor_out_3_data[] = {
    0.0, 0.0, 0.0};
static const int64_t conf_autograd_maximum_scalar_tensor_out_4_shape[] = {0};
static const double conf_autograd_maximum_scalar_tensor_out_4_data[] = {
    0.0};
static const conf_array conf_autograd_maximum_scalar_tensor_out[] = {
    {1, conf_autograd_maximum_scalar_tensor_out_0_shape,
     conf_autograd_maximum_scalar_tensor_out_0_data},
    {1, conf_autograd_maximum_scalar_tensor_out_1_shape,
     conf_autograd_maximum_scalar_tensor_out_1_data},
    {0, conf_autograd_maximum_scalar_tensor_out_2_shape,
     conf_autograd_maximum_scalar_tensor_out_2_data},
    {1, conf_autograd_maximum_scalar_tensor_out_3_shape,
     conf_autograd_maximum_scalar_tensor_out_3_data},
    {0, conf_autograd_maximum_scalar_tensor_out_4_shape,
     conf_autograd_maximum_scalar_tensor_out_4_data}};
CONF_PROG(conf_autograd_maximum_scalar_tensor,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo maximum)",
          CONF_EAGER,
    "prog conf_autograd_maximum_scalar_tensor\n"
    "in 3\n"
    "in -\n"
    "v2 = maximum v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_maximum_scalar_tensor_in, 2,
          conf_autograd_maximum_scalar_tensor_out, 5, 0)
static const int64_t conf_autograd_minimum_in_0_shape[] = {3, 4};
static const double conf_autograd_minimum_in_0_data[] = {
    -0.4621019174195264, 0.7565415433859389, 0.0815282504452839, 1.1870657015777593,
    1.8682395204269315, -0.7941675455935079, -0.1430870293081676, -0.27267385134879496,
    0.8638998780668554, -2.4903499136719844, -0.82154926173037, 0.5235109478208555};
static const int64_t conf_autograd_minimum_in_1_shape[] = {3, 4};
static const double conf_autograd_minimum_in_1_data[] = {
    -0.5017645844233707, 1.865819840598787, 0.7501990725412058, 1.067601008452236,
    -0.8496864493987587, 0.34981656053912047, 2.0424819695079823, -0.47981637213517997,
    -0.6111333880224272, -1.905745367067819, -0.9404077494746486, -0.5172168967434643};
static const conf_array conf_autograd_minimum_in[] = {
    {2, conf_autograd_minimum_in_0_shape,
     conf_autograd_minimum_in_0_data},
    {2, conf_autograd_minimum_in_1_shape,
     conf_autograd_minimum_in_1_data}};
static const int64_t conf_autograd_minimum_out_0_shape[] = {3, 4};
static const double conf_autograd_minimum_out_0_data[] = {
    -0.5017645844233707, 0.7565415433859389, 0.0815282504452839, 1.067601008452236,
    -0.8496864493987587, -0.7941675455935079, -0.1430870293081676, -0.47981637213517997,
    -0.6111333880224272, -2.4903499136719844, -0.9404077494746486, -0.5172168967434643};
static const int64_t conf_autograd_minimum_out_1_shape[] = {3, 4};
static const double conf_autograd_minimum_out_1_data[] = {
    0.0, 1.25, 0.25, 0.0, 0.0, 0.0, -1.0, 0.0, 0.0, -1.25, 0.0, 0.0};
static const int64_t conf_autograd_minimum_out_2_shape[] = {3, 4};
static const double conf_autograd_minimum_out_2_data[] = {
    -0.5, 0.0, 0.0, -0.75, 1.0, 0.0, 0.0, 0.75, -0.25, 0.0, 0.5, -0.5};
static const int64_t conf_autograd_minimum_out_3_shape[] = {3, 4};
static const double conf_autograd_minimum_out_3_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_minimum_out_4_shape[] = {3, 4};
static const double conf_autograd_minimum_out_4_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_minimum_out[] = {
    {2, conf_autograd_minimum_out_0_shape,
     conf_autograd_minimum_out_0_data},
    {2, conf_autograd_minimum_out_1_shape,
     conf_autograd_minimum_out_1_data},
    {2, conf_autograd_minimum_out_2_shape,
     conf_autograd_minimum_out_2_data},
    {2, conf_autograd_minimum_out_3_shape,
     conf_autograd_minimum_out_3_data},
    {2, conf_autograd_minimum_out_4_shape,
     conf_autograd_minimum_out_4_data}};
CONF_PROG(conf_autograd_minimum,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo minimum)",
          CONF_EAGER,
    "prog conf_autograd_minimum\n"
    "in 3,4\n"
    "in 3,4\n"
    "v2 = minimum v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_minimum_in, 2,
          conf_autograd_minimum_out, 5, 0)
static const int64_t conf_autograd_minimum_broadcast_in_0_shape[] = {2, 1, 4};
static const double conf_autograd_minimum_broadcast_in_0_data[] = {
    -1.4013710315521641, -1.4937812255184078, -1.5370200131718912, -1.8023823481134789,
    0.17027960884626345, 0.6807802741613097, -1.243302185977562, -1.3763814257174014};
static const int64_t conf_autograd_minimum_broadcast_in_1_shape[] = {3, 1};
static const double conf_autograd_minimum_broadcast_in_1_data[] = {
    0.6836226248937449, -1.2925187266151432, 0.19337755726188097};
static const conf_array conf_autograd_minimum_broadcast_in[] = {
    {3, conf_autograd_minimum_broadcast_in_0_shape,
     conf_autograd_minimum_broadcast_in_0_data},
    {2, conf_autograd_minimum_broadcast_in_1_shape,
     conf_autograd_minimum_broadcast_in_1_data}};
static const int64_t conf_autograd_minimum_broadcast_out_0_shape[] = {2, 3, 4};
static const double conf_autograd_minimum_broadcast_out_0_data[] = {
    -1.4013710315521641, -1.4937812255184078, -1.5370200131718912, -1.8023823481134789,
    -1.4013710315521641, -1.4937812255184078, -1.5370200131718912, -1.8023823481134789,
    -1.4013710315521641, -1.4937812255184078, -1.5370200131718912, -1.8023823481134789,
    0.17027960884626345, 0.6807802741613097, -1.243302185977562, -1.3763814257174014,
    -1.2925187266151432, -1.2925187266151432, -1.2925187266151432, -1.3763814257174014,
    0.17027960884626345, 0.19337755726188097, -1.243302185977562, -1.3763814257174014};
static const int64_t conf_autograd_minimum_broadcast_out_1_shape[] = {2, 1, 4};
static const double conf_autograd_minimum_broadcast_out_1_data[] = {
    0.25, 0.0, -0.25, -0.5, 0.0, 0.25, -1.25, 2.0};
static const int64_t conf_autograd_minimum_broadcast_out_2_shape[] = {3, 1};
static const double conf_autograd_minimum_broadcast_out_2_data[] = {
    0.0, -0.25, 0.5};
static const int64_t conf_autograd_minimum_broadcast_out_3_shape[] = {2, 1, 4};
static const double conf_autograd_minimum_broadcast_out_3_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_minimum_broadcast_out_4_shape[] = {3, 1};
static const double conf_autograd_minimum_broadcast_out_4_data[] = {
    0.0, 0.0, 0.0};
static const conf_array conf_autograd_minimum_broadcast_out[] = {
    {3, conf_autograd_minimum_broadcast_out_0_shape,
     conf_autograd_minimum_broadcast_out_0_data},
    {3, conf_autograd_minimum_broadcast_out_1_shape,
     conf_autograd_minimum_broadcast_out_1_data},
    {2, conf_autograd_minimum_broadcast_out_2_shape,
     conf_autograd_minimum_broadcast_out_2_data},
    {3, conf_autograd_minimum_broadcast_out_3_shape,
     conf_autograd_minimum_broadcast_out_3_data},
    {2, conf_autograd_minimum_broadcast_out_4_shape,
     conf_autograd_minimum_broadcast_out_4_data}};
CONF_PROG(conf_autograd_minimum_broadcast,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo minimum) with broadcasting",
          CONF_EAGER,
    "prog conf_autograd_minimum_broadcast\n"
    "in 2,1,4\n"
    "in 3,1\n"
    "v2 = minimum v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_minimum_broadcast_in, 2,
          conf_autograd_minimum_broadcast_out, 5, 0)
static const int64_t conf_autograd_minimum_scalar_tensor_in_0_shape[] = {3};
static const double conf_autograd_minimum_scalar_tensor_in_0_data[] = {
    0.2835412245889537, -0.452865118316328, 0.3385679175846933};
static const int64_t conf_autograd_minimum_scalar_tensor_in_1_shape[] = {0};
static const double conf_autograd_minimum_scalar_tensor_in_1_data[] = {
    -1.104800576766541};
static const conf_array conf_autograd_minimum_scalar_tensor_in[] = {
    {1, conf_autograd_minimum_scalar_tensor_in_0_shape,
     conf_autograd_minimum_scalar_tensor_in_0_data},
    {0, conf_autograd_minimum_scalar_tensor_in_1_shape,
     conf_autograd_minimum_scalar_tensor_in_1_data}};
static const int64_t conf_autograd_minimum_scalar_tensor_out_0_shape[] = {3};
static const double conf_autograd_minimum_scalar_tensor_out_0_data[] = {
    -1.104800576766541, -1.104800576766541, -1.104800576766541};
static const int64_t conf_autograd_minimum_scalar_tensor_out_1_shape[] = {3};
static const double conf_autograd_minimum_scalar_tensor_out_1_data[] = {
    0.0, 0.0, 0.0};
static const int64_t conf_autograd_minimum_scalar_tensor_out_2_shape[] = {0};
static const double conf_autograd_minimum_scalar_tensor_out_2_data[] = {
    1.0};
static const int64_t conf_autograd_minimum_scalar_tensor_out_3_shape[] = {3};
static const double conf_autograd_minimum_scalar_tensor_out_3_data[] = {
    0.0, 0.0, 0.0};
static const int64_t conf_autograd_minimum_scalar_tensor_out_4_shape[] = {0};
static const double conf_autograd_minimum_scalar_tensor_out_4_data[] = {
    0.0};
static const conf_array conf_autograd_minimum_scalar_tensor_out[] = {
    {1, conf_autograd_minimum_scalar_tensor_out_0_shape,
     conf_autograd_minimum_scalar_tensor_out_0_data},
    {1, conf_autograd_minimum_scalar_tensor_out_1_shape,
     conf_autograd_minimum_scalar_tensor_out_1_data},
    {0, conf_autograd_minimum_scalar_tensor_out_2_shape,
     conf_autograd_minimum_scalar_tensor_out_2_data},
    {1, conf_autograd_minimum_scalar_tensor_out_3_shape,
     conf_autograd_minimum_scalar_tensor_out_3_data},
    {0, conf_autograd_minimum_scalar_tensor_out_4_shape,
     conf_autograd_minimum_scalar_tensor_out_4_data}};
CONF_PROG(conf_autograd_minimum_scalar_tensor,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo minimum)",
          CONF_EAGER,
    "prog conf_autograd_minimum_scalar_tensor\n"
    "in 3\n"
    "in -\n"
    "v2 = minimum v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_minimum_scalar_tensor_in, 2,
          conf_autograd_minimum_scalar_tensor_out, 5, 0)
static const int64_t conf_autograd_atan2_in_0_shape[] = {3, 4};
static const double conf_autograd_atan2_in_0_data[] = {
    -0.45993194293860973, -0.6172019157359582, -0.6654693683421783, -1.3538937251039276,
    1.2504601045805346, 0.2688051464854629, 0.6202614162340162, -1.3981907124994104,
    1.6153029189643033, -0.4330412908214588, -0.46320318022326135, 0.5275222087476834};
static const int64_t conf_autograd_atan2_in_1_shape[] = {3, 4};
static const double conf_autograd_atan2_in_1_data[] = {
    0.28041835491556755, 0.14123292965566045, 1.579179263281989, 0.5409864322669335,
    0.022455578263085443, -1.4016691614060972, 0.8858489440323182, -0.12982036217333326,
    -1.1905685525622338, 0.3934061468047161, -1.5483220158884006, 0.8343577079514846};
static const conf_array conf_autograd_atan2_in[] = {
    {2, conf_autograd_atan2_in_0_shape,
     conf_autograd_atan2_in_0_data},
    {2, conf_autograd_atan2_in_1_shape,
     conf_autograd_atan2_in_1_data}};
static const int64_t conf_autograd_atan2_out_0_shape[] = {3, 4};
static const double conf_autograd_atan2_out_0_data[] = {
    -1.0232783941103218, -1.3458415709755742, -0.3988192030309722, -1.1906536139537274,
    1.5528404041794, 2.9521180814707386, 0.6108525942123347, -1.6633797079967396,
    2.2059616139409544, -0.8333199028278881, -2.850902431354364, 0.5637954320193072};
static const int64_t conf_autograd_atan2_out_1_shape[] = {3, 4};
static const double conf_autograd_atan2_out_1_data[] = {
    -0.4831935952250611, 0.44037862778384895, 0.1344368328099727, -0.19087400226114368,
    0.014356366341367251, -0.0, -0.7574902669226582, -0.049379113522067704, 0.07391792702021407,
    -1.436656488829973, -0.29640238233904614, -0.42812495347691093};
static const int64_t conf_autograd_atan2_out_2_shape[] = {3, 4};
static const double conf_autograd_atan2_out_2_data[] = {
    -0.7925164853572749, 1.9244982978123084, 0.056651956045854136, -0.4776887155264629,
    -0.7994478319061514, -0.0, 0.5303861215956813, 0.5318227184255314, 0.10028808758855641,
    -1.5813977118633529, 0.08867310851122914, 0.27068176985220765};
static const int64_t conf_autograd_atan2_out_3_shape[] = {3, 4};
static const double conf_autograd_atan2_out_3_data[] = {
    -0.5919094936447913, -2.057964743795437, 0.12001574672054229, -0.06705017815640935,
    -0.29076245047831806, 0.0, -0.32864180819427324, -0.36793355493712654, -0.033201537387552583,
    2.72631034100323, 0.05485122171788748, 0.16503353288892536};
static const int64_t conf_autograd_atan2_out_4_shape[] = {3, 4};
static const double conf_autograd_atan2_out_4_data[] = {
    1.1488166695047335, -2.4688051221537743, 0.03156964175647865, 0.18548901735740617,
    -0.810115579301805, 0.0, -0.34712219566041863, 0.41480664286199664, 0.054710859737737726,
    0.2621021137136288, -0.26511458661498394, -0.347656860375073};
static const conf_array conf_autograd_atan2_out[] = {
    {2, conf_autograd_atan2_out_0_shape,
     conf_autograd_atan2_out_0_data},
    {2, conf_autograd_atan2_out_1_shape,
     conf_autograd_atan2_out_1_data},
    {2, conf_autograd_atan2_out_2_shape,
     conf_autograd_atan2_out_2_data},
    {2, conf_autograd_atan2_out_3_shape,
     conf_autograd_atan2_out_3_data},
    {2, conf_autograd_atan2_out_4_shape,
     conf_autograd_atan2_out_4_data}};
CONF_PROG(conf_autograd_atan2,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo atan2)",
          CONF_EAGER,
    "prog conf_autograd_atan2\n"
    "in 3,4\n"
    "in 3,4\n"
    "v2 = atan2 v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_atan2_in, 2,
          conf_autograd_atan2_out, 5, 0)
static const int64_t conf_autograd_atan2_broadcast_in_0_shape[] = {2, 1, 4};
static const double conf_autograd_atan2_broadcast_in_0_data[] = {
    0.6270547638274957, -0.2897903741742962, 1.2221441590082218, 0.999273769780133,
    -1.151231228938198, -0.038301360145047855, 1.6109022489580656, -0.7491804198527409};
static const int64_t conf_autograd_atan2_broadcast_in_1_shape[] = {3, 1};
static const double conf_autograd_atan2_broadcast_in_1_data[] = {
    1.1267777458013746, 0.6746017785626939, -1.823535512114526};
static const conf_array conf_autograd_atan2_broadcast_in[] = {
    {3, conf_autograd_atan2_broadcast_in_0_shape,
     conf_autograd_atan2_broadcast_in_0_data},
    {2, conf_autograd_atan2_broadcast_in_1_shape,
     conf_autograd_atan2_broadcast_in_1_data}};
static const int64_t conf_autograd_atan2_broadcast_out_0_shape[] = {2, 3, 4};
static const double conf_autograd_atan2_broadcast_out_0_data[] = {
    0.5078219109824899, -0.2517295334338892, 0.825975955779264, 0.7254977136073717,
    0.7488863165592934, -0.4057372144798796, 1.066432574160974, 0.9769834247852117,
    2.810391416249597, -2.983993760699144, 2.5511438502464094, 2.6402962393154255,
    -0.7961323370568739, -0.03397885582417246, 0.9604261766359872, -0.5867698496788282,
    -1.0407473022292333, -0.05671536218969201, 1.1742121156304792, -0.8377309889412922,
    -2.5784627815341015, -3.1205918400663424, 2.418027668994004, -2.751776945042178};
static const int64_t conf_autograd_atan2_broadcast_out_1_shape[] = {2, 1, 4};
static const double conf_autograd_atan2_broadcast_out_1_data[] = {
    0.5790388785233469, 1.7091294063606748, -0.4334394467902677, 0.186346912476601,
    1.0329047969263923, -1.5300490949788907, 0.10121695469194408, -0.13700152306336277};
static const int64_t conf_autograd_atan2_broadcast_out_2_shape[] = {3, 1};
static const double conf_autograd_atan2_broadcast_out_2_data[] = {
    1.9599070657725708, -1.291908775721592, -0.0020170599860985794};
static const int64_t conf_autograd_atan2_broadcast_out_3_shape[] = {2, 1, 4};
static const double conf_autograd_atan2_broadcast_out_3_data[] = {
    0.07410043521380322, -1.6015813605786602, 0.4531717987565972, -0.03444084569757694,
    -1.0420411246771004, -0.6239615110774371, -0.06770228076672455, 0.17499008228751353};
static const int64_t conf_autograd_atan2_broadcast_out_4_shape[] = {3, 1};
static const double conf_autograd_atan2_broadcast_out_4_data[] = {
    -1.127460279633527, 0.24445706121495991, -0.9078449605017225};
static const conf_array conf_autograd_atan2_broadcast_out[] = {
    {3, conf_autograd_atan2_broadcast_out_0_shape,
     conf_autograd_atan2_broadcast_out_0_data},
    {3, conf_autograd_atan2_broadcast_out_1_shape,
     conf_autograd_atan2_broadcast_out_1_data},
    {2, conf_autograd_atan2_broadcast_out_2_shape,
     conf_autograd_atan2_broadcast_out_2_data},
    {3, conf_autograd_atan2_broadcast_out_3_shape,
     conf_autograd_atan2_broadcast_out_3_data},
    {2, conf_autograd_atan2_broadcast_out_4_shape,
     conf_autograd_atan2_broadcast_out_4_data}};
CONF_PROG(conf_autograd_atan2_broadcast,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo atan2) with broadcasting",
          CONF_EAGER,
    "prog conf_autograd_atan2_broadcast\n"
    "in 2,1,4\n"
    "in 3,1\n"
    "v2 = atan2 v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_atan2_broadcast_in, 2,
          conf_autograd_atan2_broadcast_out, 5, 0)
static const int64_t conf_autograd_atan2_scalar_tensor_in_0_shape[] = {3};
static const double conf_autograd_atan2_scalar_tensor_in_0_data[] = {
    0.3340225990943968, 0.7891821503361498, 0.8868794459785556};
static const int64_t conf_autograd_atan2_scalar_tensor_in_1_shape[] = {0};
static const double conf_autograd_atan2_scalar_tensor_in_1_data[] = {
    -0.07793555458297723};
static const conf_array conf_autograd_atan2_scalar_tensor_in[] = {
    {1, conf_autograd_atan2_scalar_tensor_in_0_shape,
     conf_autograd_atan2_scalar_tensor_in_0_data},
    {0, conf_autograd_atan2_scalar_tensor_in_1_shape,
     conf_autograd_atan2_scalar_tensor_in_1_data}};
static const int64_t conf_autograd_atan2_scalar_tensor_out_0_shape[] = {3};
static const double conf_autograd_atan2_scalar_tensor_out_0_data[] = {
    1.8000195950893285, 1.6692319932043895, 1.6584473232731534};
static const int64_t conf_autograd_atan2_scalar_tensor_out_1_shape[] = {3};
static const double conf_autograd_atan2_scalar_tensor_out_1_data[] = {
    0.3312317701537434, -0.1549088360292637, -0.024581344020236928};
static const int64_t conf_autograd_atan2_scalar_tensor_out_2_shape[] = {0};
static const double conf_autograd_atan2_scalar_tensor_out_2_data[] = {
    -0.428727048894668};
static const int64_t conf_autograd_atan2_scalar_tensor_out_3_shape[] = {3};
static const double conf_autograd_atan2_scalar_tensor_out_3_data[] = {
    -2.8584110419667548, 1.073154608806771, 0.27418548156015593};
static const int64_t conf_autograd_atan2_scalar_tensor_out_4_shape[] = {0};
static const double conf_autograd_atan2_scalar_tensor_out_4_data[] = {
    -0.6385072209767906};
static const conf_array conf_autograd_atan2_scalar_tensor_out[] = {
    {1, conf_autograd_atan2_scalar_tensor_out_0_shape,
     conf_autograd_atan2_scalar_tensor_out_0_data},
    {1, conf_autograd_atan2_scalar_tensor_out_1_shape,
     conf_autograd_atan2_scalar_tensor_out_1_data},
    {0, conf_autograd_atan2_scalar_tensor_out_2_shape,
     conf_autograd_atan2_scalar_tensor_out_2_data},
    {1, conf_autograd_atan2_scalar_tensor_out_3_shape,
     conf_autograd_atan2_scalar_tensor_out_3_data},
    {0, conf_autograd_atan2_scalar_tensor_out_4_shape,
     conf_autograd_atan2_scalar_tensor_out_4_data}};
CONF_PROG(conf_autograd_atan2_scalar_tensor,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo atan2)",
          CONF_EAGER,
    "prog conf_autograd_atan2_scalar_tensor\n"
    "in 3\n"
    "in -\n"
    "v2 = atan2 v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_atan2_scalar_tensor_in, 2,
          conf_autograd_atan2_scalar_tensor_out, 5, 0)
static const int64_t conf_autograd_pow_in_0_shape[] = {3, 4};
static const double conf_autograd_pow_in_0_data[] = {
    0.5237235953272038, 0.586944045893103, 0.9544410426940022, 1.1209567527874844,
    0.5687628448687242, 1.1160844541796884, 0.7293872868647193, 1.2312209110904262,
    1.4015260385934214, 0.7705848841268914, 1.1158031965707336, 1.1714539939915511};
static const int64_t conf_autograd_pow_in_1_shape[] = {3, 4};
static const double conf_autograd_pow_in_1_data[] = {
    0.14806612900890995, -0.5501413165622249, 0.25626001296105516, 0.11369295142284401,
    1.0256196195706626, 0.4069239582913148, 1.5057156623661467, 1.6788599142312923,
    1.0314593241163215, -0.8608337367279041, 1.1998755497829103, -0.7723458246024484};
static const conf_array conf_autograd_pow_in[] = {
    {2, conf_autograd_pow_in_0_shape,
     conf_autograd_pow_in_0_data},
    {2, conf_autograd_pow_in_1_shape,
     conf_autograd_pow_in_1_data}};
static const int64_t conf_autograd_pow_out_0_shape[] = {3, 4};
static const double conf_autograd_pow_out_0_data[] = {
    0.9086749197859573, 1.340616361301401, 0.9881218567500383, 1.0130663814912435,
    0.5605994261439065, 1.0457047385918163, 0.6218046984192335, 1.4179517749838417,
    1.4164887987214532, 1.2514939207025497, 1.1405102670397727, 0.8849532933948425};
static const int64_t conf_autograd_pow_out_1_shape[] = {3, 4};
static const double conf_autograd_pow_out_1_data[] = {
    -0.12844941406175348, -1.5706958252063399, 0.06632576253823382, -0.07706263418230841,
    1.0108989631802543, 0.0, -1.283626805955487, 1.4501108455986764, -0.26061780850213245,
    1.7475819511293915, 0.6132221111676347, 0.291727197409095};
static const int64_t conf_autograd_pow_out_2_shape[] = {3, 4};
static const double conf_autograd_pow_out_2_data[] = {
    0.29386148164165493, -0.892893707801858, -0.01151888367609522, -0.08675588786436395,
    -0.31634161698146873, 0.0, 0.19621074017296705, 0.22120716365470883, -0.1195380812991376,
    0.40768269034105264, 0.06248542184028871, -0.07002002986165543};
static const int64_t conf_autograd_pow_out_3_shape[] = {3, 4};
static const double conf_autograd_pow_out_3_data[] = {
    -0.5883254041449185, -5.07126285397739, -0.35842458534319177, -0.35853920991735316,
    -0.26452182763722315, 0.0, 0.3331334616383862, 0.1254022740082919, -0.3421060829747917,
    3.1650888039832576, -0.46841751161995254, -0.24866339458528117};
static const int64_t conf_autograd_pow_out_4_shape[] = {3, 4};
static const double conf_autograd_pow_out_4_data[] = {
    -0.1425502704745663, -3.810923445361996, 0.19112565141125845, 0.16670020948390024,
    -0.6082609047322352, 0.0, 0.2082483045620153, 1.4222150765213775, -0.1255123731576107,
    1.8641499989717885, 0.5714181264842718, -0.008310276856000609};
static const conf_array conf_autograd_pow_out[] = {
    {2, conf_autograd_pow_out_0_shape,
     conf_autograd_pow_out_0_data},
    {2, conf_autograd_pow_out_1_shape,
     conf_autograd_pow_out_1_data},
    {2, conf_autograd_pow_out_2_shape,
     conf_autograd_pow_out_2_data},
    {2, conf_autograd_pow_out_3_shape,
     conf_autograd_pow_out_3_data},
    {2, conf_autograd_pow_out_4_shape,
     conf_autograd_pow_out_4_data}};
CONF_PROG(conf_autograd_pow,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo pow)",
          CONF_EAGER,
    "prog conf_autograd_pow\n"
    "in 3,4\n"
    "in 3,4\n"
    "v2 = pow v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_pow_in, 2,
          conf_autograd_pow_out, 5, 0)
static const int64_t conf_autograd_pow_broadcast_in_0_shape[] = {2, 3};
static const double conf_autograd_pow_broadcast_in_0_data[] = {
    1.082374485114303, 1.330447991980354, 1.4101165822602812, 1.3239568712188539,
    0.8246950909846977, 0.6446130813550465};
static const int64_t conf_autograd_pow_broadcast_in_1_shape[] = {3};
static const double conf_autograd_pow_broadcast_in_1_data[] = {
    0.5363409199432698, -0.051416428870201925, -0.14671040860548545};
static const conf_array conf_autograd_pow_broadcast_in[] = {
    {2, conf_autograd_pow_broadcast_in_0_shape,
     conf_autograd_pow_broadcast_in_0_data},
    {1, conf_autograd_pow_broadcast_in_1_shape,
     conf_autograd_pow_broadcast_in_1_data}};
static const int64_t conf_autograd_pow_broadcast_out_0_shape[] = {2, 3};
static const double conf_autograd_pow_broadcast_out_0_data[] = {
    1.043369373859537, 0.9854270299732079, 0.9508296917581204, 1.1624276355732606,
    1.0099593495520274, 1.0665416128649259};
static const int64_t conf_autograd_pow_broadcast_out_1_shape[] = {2, 3};
static const double conf_autograd_pow_broadcast_out_1_data[] = {
    -0.25850650468601977, -0.047603456785611016, -0.024731397096341843, -0.35317852170113284,
    -0.06296691180255948, -0.0};
static const int64_t conf_autograd_pow_broadcast_out_2_shape[] = {3};
static const double conf_autograd_pow_broadcast_out_2_data[] = {
    -0.28594970106475115, 0.15703250883166933, 0.08169347659972127};
static const int64_t conf_autograd_pow_broadcast_out_3_shape[] = {2, 3};
static const double conf_autograd_pow_broadcast_out_3_data[] = {
    -0.37683326302629094, -0.2656821595552401, -0.18500800922325855, -0.5991266557247275,
    -0.40954237878009747, 0.0};
static const int64_t conf_autograd_pow_broadcast_out_4_shape[] = {3};
static const double conf_autograd_pow_broadcast_out_4_data[] = {
    0.1354580213281497, -2.4927107986922614, 0.08496030166396273};
static const conf_array conf_autograd_pow_broadcast_out[] = {
    {2, conf_autograd_pow_broadcast_out_0_shape,
     conf_autograd_pow_broadcast_out_0_data},
    {2, conf_autograd_pow_broadcast_out_1_shape,
     conf_autograd_pow_broadcast_out_1_data},
    {1, conf_autograd_pow_broadcast_out_2_shape,
     conf_autograd_pow_broadcast_out_2_data},
    {2, conf_autograd_pow_broadcast_out_3_shape,
     conf_autograd_pow_broadcast_out_3_data},
    {1, conf_autograd_pow_broadcast_out_4_shape,
     conf_autograd_pow_broadcast_out_4_data}};
CONF_PROG(conf_autograd_pow_broadcast,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo pow)",
          CONF_EAGER,
    "prog conf_autograd_pow_broadcast\n"
    "in 2,3\n"
    "in 3\n"
    "v2 = pow v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_pow_broadcast_in, 2,
          conf_autograd_pow_broadcast_out, 5, 0)
static const int64_t conf_autograd_maximum_ties_in_0_shape[] = {6};
static const double conf_autograd_maximum_ties_in_0_data[] = {
    0.0, 1.0, 1.0, 1.0, 1.0, 2.0};
static const int64_t conf_autograd_maximum_ties_in_1_shape[] = {6};
static const double conf_autograd_maximum_ties_in_1_data[] = {
    1.0, 0.0, -2.0, 1.0, 0.0, 0.0};
static const conf_array conf_autograd_maximum_ties_in[] = {
    {1, conf_autograd_maximum_ties_in_0_shape,
     conf_autograd_maximum_ties_in_0_data},
    {1, conf_autograd_maximum_ties_in_1_shape,
     conf_autograd_maximum_ties_in_1_data}};
static const int64_t conf_autograd_maximum_ties_out_0_shape[] = {6};
static const double conf_autograd_maximum_ties_out_0_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0, 2.0};
static const int64_t conf_autograd_maximum_ties_out_1_shape[] = {6};
static const double conf_autograd_maximum_ties_out_1_data[] = {
    0.0, 1.25, 0.25, -0.375, 1.0, 0.0};
static const int64_t conf_autograd_maximum_ties_out_2_shape[] = {6};
static const double conf_autograd_maximum_ties_out_2_data[] = {
    -0.5, 0.0, 0.0, -0.375, 0.0, 0.0};
static const int64_t conf_autograd_maximum_ties_out_3_shape[] = {6};
static const double conf_autograd_maximum_ties_out_3_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_maximum_ties_out_4_shape[] = {6};
static const double conf_autograd_maximum_ties_out_4_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_maximum_ties_out[] = {
    {1, conf_autograd_maximum_ties_out_0_shape,
     conf_autograd_maximum_ties_out_0_data},
    {1, conf_autograd_maximum_ties_out_1_shape,
     conf_autograd_maximum_ties_out_1_data},
    {1, conf_autograd_maximum_ties_out_2_shape,
     conf_autograd_maximum_ties_out_2_data},
    {1, conf_autograd_maximum_ties_out_3_shape,
     conf_autograd_maximum_ties_out_3_data},
    {1, conf_autograd_maximum_ties_out_4_shape,
     conf_autograd_maximum_ties_out_4_data}};
CONF_PROG(conf_autograd_maximum_ties,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo maximum)",
          CONF_EAGER,
    "prog conf_autograd_maximum_ties\n"
    "in 6\n"
    "in 6\n"
    "v2 = maximum v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_maximum_ties_in, 2,
          conf_autograd_maximum_ties_out, 5, 0)
static const int64_t conf_autograd_minimum_ties_in_0_shape[] = {6};
static const double conf_autograd_minimum_ties_in_0_data[] = {
    2.0, -1.0, 0.0, -1.0, -1.0, -1.0};
static const int64_t conf_autograd_minimum_ties_in_1_shape[] = {6};
static const double conf_autograd_minimum_ties_in_1_data[] = {
    2.0, 1.0, 1.0, 2.0, 2.0, -1.0};
static const conf_array conf_autograd_minimum_ties_in[] = {
    {1, conf_autograd_minimum_ties_in_0_shape,
     conf_autograd_minimum_ties_in_0_data},
    {1, conf_autograd_minimum_ties_in_1_shape,
     conf_autograd_minimum_ties_in_1_data}};
static const int64_t conf_autograd_minimum_ties_out_0_shape[] = {6};
static const double conf_autograd_minimum_ties_out_0_data[] = {
    2.0, -1.0, 0.0, -1.0, -1.0, -1.0};
static const int64_t conf_autograd_minimum_ties_out_1_shape[] = {6};
static const double conf_autograd_minimum_ties_out_1_data[] = {
    -0.25, 1.25, 0.25, -0.75, 1.0, 0.0};
static const int64_t conf_autograd_minimum_ties_out_2_shape[] = {6};
static const double conf_autograd_minimum_ties_out_2_data[] = {
    -0.25, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_minimum_ties_out_3_shape[] = {6};
static const double conf_autograd_minimum_ties_out_3_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_minimum_ties_out_4_shape[] = {6};
static const double conf_autograd_minimum_ties_out_4_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_minimum_ties_out[] = {
    {1, conf_autograd_minimum_ties_out_0_shape,
     conf_autograd_minimum_ties_out_0_data},
    {1, conf_autograd_minimum_ties_out_1_shape,
     conf_autograd_minimum_ties_out_1_data},
    {1, conf_autograd_minimum_ties_out_2_shape,
     conf_autograd_minimum_ties_out_2_data},
    {1, conf_autograd_minimum_ties_out_3_shape,
     conf_autograd_minimum_ties_out_3_data},
    {1, conf_autograd_minimum_ties_out_4_shape,
     conf_autograd_minimum_ties_out_4_data}};
CONF_PROG(conf_autograd_minimum_ties,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo minimum)",
          CONF_EAGER,
    "prog conf_autograd_minimum_ties\n"
    "in 6\n"
    "in 6\n"
    "v2 = minimum v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_minimum_ties_in, 2,
          conf_autograd_minimum_ties_out, 5, 0)
static const int64_t conf_autograd_atan2_at_zero_in_0_shape[] = {4};
static const double conf_autograd_atan2_at_zero_in_0_data[] = {
    -0.39862384293187764, 0.21087904434502208, 0.7337996202026237, -0.9658103550311994};
static const int64_t conf_autograd_atan2_at_zero_in_1_shape[] = {4};
static const double conf_autograd_atan2_at_zero_in_1_data[] = {
    0.20863627331995804, -1.799898699361477, 0.4512151106329109, 0.3581277653588226};
static const conf_array conf_autograd_atan2_at_zero_in[] = {
    {1, conf_autograd_atan2_at_zero_in_0_shape,
     conf_autograd_atan2_at_zero_in_0_data},
    {1, conf_autograd_atan2_at_zero_in_1_shape,
     conf_autograd_atan2_at_zero_in_1_data}};
static const int64_t conf_autograd_atan2_at_zero_out_0_shape[] = {4};
static const double conf_autograd_atan2_at_zero_out_0_data[] = {
    -0.0, 3.141592653589793, 0.0, -0.0};
static const int64_t conf_autograd_atan2_at_zero_out_1_shape[] = {4};
static const double conf_autograd_atan2_at_zero_out_1_data[] = {
    -0.0, -0.0, 0.0, -0.0};
static const int64_t conf_autograd_atan2_at_zero_out_2_shape[] = {4};
static const double conf_autograd_atan2_at_zero_out_2_data[] = {
    -0.0, -0.0, -0.0, -0.0};
static const int64_t conf_autograd_atan2_at_zero_out_3_shape[] = {4};
static const double conf_autograd_atan2_at_zero_out_3_data[] = {
    NAN, NAN, NAN, NAN};
static const int64_t conf_autograd_atan2_at_zero_out_4_shape[] = {4};
static const double conf_autograd_atan2_at_zero_out_4_data[] = {
    NAN, NAN, NAN, NAN};
static const conf_array conf_autograd_atan2_at_zero_out[] = {
    {1, conf_autograd_atan2_at_zero_out_0_shape,
     conf_autograd_atan2_at_zero_out_0_data},
    {1, conf_autograd_atan2_at_zero_out_1_shape,
     conf_autograd_atan2_at_zero_out_1_data},
    {1, conf_autograd_atan2_at_zero_out_2_shape,
     conf_autograd_atan2_at_zero_out_2_data},
    {1, conf_autograd_atan2_at_zero_out_3_shape,
     conf_autograd_atan2_at_zero_out_3_data},
    {1, conf_autograd_atan2_at_zero_out_4_shape,
     conf_autograd_atan2_at_zero_out_4_data}};
CONF_PROG(conf_autograd_atan2_at_zero,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo atan2)",
          CONF_EAGER,
    "prog conf_autograd_atan2_at_zero\n"
    "in 4\n"
    "in 4\n"
    "v2 = mul_scalar v0 0.0\n"
    "v3 = mul_scalar v1 0.0\n"
    "v4 = atan2 v2 v3\n"
    "out v4\n"
    "end\n",
          conf_autograd_atan2_at_zero_in, 2,
          conf_autograd_atan2_at_zero_out, 5, 0)
static const int64_t conf_autograd_pow_scalar_2_0_in_0_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_2_0_in_0_data[] = {
    0.7971036385934518, -0.9410240883972654, -0.6796904498699294, -2.2170987792252204,
    -0.44270125612347083, -0.4102526835138863, 0.9788779285801915, 0.15821162880978215,
    1.6081611959921673, -0.49539304357677577, -0.26266812591824285, 1.0641733722570261};
static const conf_array conf_autograd_pow_scalar_2_0_in[] = {
    {2, conf_autograd_pow_scalar_2_0_in_0_shape,
     conf_autograd_pow_scalar_2_0_in_0_data}};
static const int64_t conf_autograd_pow_scalar_2_0_out_0_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_2_0_out_0_data[] = {
    0.6353742106589202, 0.8855263349439043, 0.46197910764438704, 4.915526996841963,
    0.19598440217329893, 0.16830726433034493, 0.9582019990614465, 0.02503091949064429,
    2.586182432294958, 0.24541426762426125, 0.06899454437340188, 1.1324649662208912};
static const int64_t conf_autograd_pow_scalar_2_0_out_1_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_2_0_out_1_data[] = {
    -0.7971036385934518, -2.3525602209931633, -0.3398452249349647, 3.3256481688378305,
    -0.8854025122469417, -0.0, -1.957755857160383, 0.23731744321467324, -0.8040805979960837,
    1.2384826089419394, -0.26266812591824285, -1.0641733722570261};
static const int64_t conf_autograd_pow_scalar_2_0_out_2_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_2_0_out_2_data[] = {
    -0.0, -2.5, 0.375, 0.375, -2.5, 0.0, 1.0, 1.875, -0.125, 1.875, 1.0, -0.0};
static const conf_array conf_autograd_pow_scalar_2_0_out[] = {
    {2, conf_autograd_pow_scalar_2_0_out_0_shape,
     conf_autograd_pow_scalar_2_0_out_0_data},
    {2, conf_autograd_pow_scalar_2_0_out_1_shape,
     conf_autograd_pow_scalar_2_0_out_1_data},
    {2, conf_autograd_pow_scalar_2_0_out_2_shape,
     conf_autograd_pow_scalar_2_0_out_2_data}};
CONF_PROG(conf_autograd_pow_scalar_2_0,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo pow)",
          CONF_EAGER,
    "prog conf_autograd_pow_scalar_2_0\n"
    "in 3,4\n"
    "v1 = pow_scalar v0 2.0\n"
    "out v1\n"
    "end\n",
          conf_autograd_pow_scalar_2_0_in, 1,
          conf_autograd_pow_scalar_2_0_out, 3, 0)
static const int64_t conf_autograd_pow_scalar_3_0_in_0_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_3_0_in_0_data[] = {
    0.6129269907126081, 0.7054707183429059, 0.5135240590234611, 1.4656724041745743,
    -0.7963925586821871, -0.26573794243767845, -0.4612744301523199, 0.22680822201670195,
    -2.8957368865797353, -0.5673458855757796, 0.34085155044694326, -0.2413676494626164};
static const conf_array conf_autograd_pow_scalar_3_0_in[] = {
    {2, conf_autograd_pow_scalar_3_0_in_0_shape,
     conf_autograd_pow_scalar_3_0_in_0_data}};
static const int64_t conf_autograd_pow_scalar_3_0_out_0_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_3_0_out_0_data[] = {
    0.23026410292139374, 0.35110497009017705, 0.1354198680790288, 3.1485510043525484,
    -0.5051048984427499, -0.01876552434934899, -0.09814725168824084, 0.011667461656201854,
    -24.281599685911818, -0.1826180617672465, 0.03960005795341861, -0.014061679120118506};
static const int64_t conf_autograd_pow_scalar_3_0_out_1_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_3_0_out_1_data[] = {
    -0.5635192439160204, 1.8663335041472084, 0.1977802193969484, -4.833440091807473,
    1.9027233225730824, 0.0, -0.6383222997370424, 0.11574443154234951, -6.288969087223874,
    -1.2070550770491209, 0.17426966916312764, -0.0873875133106627};
static const int64_t conf_autograd_pow_scalar_3_0_out_2_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_3_0_out_2_data[] = {
    -0.0, -5.291030387571794, 0.5777145664013937, 1.6488814546963961, 5.972944190116403, -0.0,
    -1.3838232904569596, 1.2757962488439485, 1.0859013324674007, -3.1913206063637602,
    1.0225546513408297, 0.0};
static const conf_array conf_autograd_pow_scalar_3_0_out[] = {
    {2, conf_autograd_pow_scalar_3_0_out_0_shape,
     conf_autograd_pow_scalar_3_0_out_0_data},
    {2, conf_autograd_pow_scalar_3_0_out_1_shape,
     conf_autograd_pow_scalar_3_0_out_1_data},
    {2, conf_autograd_pow_scalar_3_0_out_2_shape,
     conf_autograd_pow_scalar_3_0_out_2_data}};
CONF_PROG(conf_autograd_pow_scalar_3_0,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo pow)",
          CONF_EAGER,
    "prog conf_autograd_pow_scalar_3_0\n"
    "in 3,4\n"
    "v1 = pow_scalar v0 3.0\n"
    "out v1\n"
    "end\n",
          conf_autograd_pow_scalar_3_0_in, 1,
          conf_autograd_pow_scalar_3_0_out, 3, 0)
static const int64_t conf_autograd_pow_scalar_0_5_in_0_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_0_5_in_0_data[] = {
    1.2391954474753146, 1.0019833866014913, 0.6994629004733983, 0.7297419865088575,
    0.5706322900404537, 1.0040369266272688, 1.2416961549707826, 0.5265111547568566,
    1.267182460788054, 0.7197209405448814, 0.8170667212220705, 0.8127739458540801};
static const conf_array conf_autograd_pow_scalar_0_5_in[] = {
    {2, conf_autograd_pow_scalar_0_5_in_0_shape,
     conf_autograd_pow_scalar_0_5_in_0_data}};
static const int64_t conf_autograd_pow_scalar_0_5_out_0_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_0_5_out_0_data[] = {
    1.1131915592005335, 1.0009912020599838, 0.8363389865798427, 0.8542493702127368,
    0.7554020717740014, 1.0020164303180208, 1.114314208367991, 0.7256108838467464,
    1.1256919919711847, 0.8483636841266141, 0.9039174305333815, 0.9015397638784881};
static const int64_t conf_autograd_pow_scalar_0_5_out_1_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_0_5_out_1_data[] = {
    -0.2245794966138117, 0.6243811121554166, 0.14946092673639413, -0.43898188640936586,
    0.6618991642765686, 0.0, -0.44870647456994467, 0.5168059194646843, -0.11104280823843661,
    -0.73671234600693, 0.2765739342502562, -0.27730335368068765};
static const int64_t conf_autograd_pow_scalar_0_5_out_2_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_0_5_out_2_data[] = {
    0.0, 0.31157258718289776, -0.08012983603306834, -0.0751947082881803, 0.7249624405999315, -0.0,
    -0.09034143996775582, -0.613479309502172, 0.010953711449866866, -0.38385312166052066,
    -0.16924807183224283, 0.0};
static const conf_array conf_autograd_pow_scalar_0_5_out[] = {
    {2, conf_autograd_pow_scalar_0_5_out_0_shape,
     conf_autograd_pow_scalar_0_5_out_0_data},
    {2, conf_autograd_pow_scalar_0_5_out_1_shape,
     conf_autograd_pow_scalar_0_5_out_1_data},
    {2, conf_autograd_pow_scalar_0_5_out_2_shape,
     conf_autograd_pow_scalar_0_5_out_2_data}};
CONF_PROG(conf_autograd_pow_scalar_0_5,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo pow)",
          CONF_EAGER,
    "prog conf_autograd_pow_scalar_0_5\n"
    "in 3,4\n"
    "v1 = pow_scalar v0 0.5\n"
    "out v1\n"
    "end\n",
          conf_autograd_pow_scalar_0_5_in, 1,
          conf_autograd_pow_scalar_0_5_out, 3, 0)
static const int64_t conf_autograd_pow_scalar_m1_0_in_0_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_m1_0_in_0_data[] = {
    1.2619151473599652, 1.0792754517901244, 1.4283695676002761, 1.0313909517615087,
    0.9069789822978742, 0.9590745797263807, 1.0231772726437214, 1.2249422948077178,
    1.2692205672178245, 0.9487111897199147, 0.9619411099531474, 0.8809153052195741};
static const conf_array conf_autograd_pow_scalar_m1_0_in[] = {
    {2, conf_autograd_pow_scalar_m1_0_in_0_shape,
     conf_autograd_pow_scalar_m1_0_in_0_data}};
static const int64_t conf_autograd_pow_scalar_m1_0_out_0_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_m1_0_out_0_data[] = {
    0.7924463083687407, 0.9265475262513982, 0.7000989258543531, 0.9695644491471481,
    1.102561381815544, 1.0426717808382484, 0.977347744849888, 0.8163649865294043,
    0.7878851208596743, 1.0540615635567945, 1.0395646777677547, 1.1351829104056073};
static const int64_t conf_autograd_pow_scalar_m1_0_out_1_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_m1_0_out_1_data[] = {
    0.3139855758236227, -1.0731128980032318, -0.12253462649560473, 0.7050414157875096,
    -1.2156416006710018, -0.0, 0.9552086143631616, -0.4998388434233658, 0.15519074091801588,
    1.3888072247097427, -0.5403473596311879, 0.6443201200384726};
static const int64_t conf_autograd_pow_scalar_m1_0_out_2_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_m1_0_out_2_data[] = {
    -0.0, -1.9885802020667271, 0.1286795405843058, 0.34179154596197103, -3.3507987075706986, 0.0,
    0.9335709851090223, 1.0201273266954725, -0.06113623783224667, 2.1958324721347857,
    1.1234520575953058, -0.0};
static const conf_array conf_autograd_pow_scalar_m1_0_out[] = {
    {2, conf_autograd_pow_scalar_m1_0_out_0_shape,
     conf_autograd_pow_scalar_m1_0_out_0_data},
    {2, conf_autograd_pow_scalar_m1_0_out_1_shape,
     conf_autograd_pow_scalar_m1_0_out_1_data},
    {2, conf_autograd_pow_scalar_m1_0_out_2_shape,
     conf_autograd_pow_scalar_m1_0_out_2_data}};
CONF_PROG(conf_autograd_pow_scalar_m1_0,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo pow)",
          CONF_EAGER,
    "prog conf_autograd_pow_scalar_m1_0\n"
    "in 3,4\n"
    "v1 = pow_scalar v0 -1.0\n"
    "out v1\n"
    "end\n",
          conf_autograd_pow_scalar_m1_0_in, 1,
          conf_autograd_pow_scalar_m1_0_out, 3, 0)
static const int64_t conf_autograd_pow_scalar_1_5_in_0_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_1_5_in_0_data[] = {
    1.4989615805643353, 1.4221662427009774, 0.5838409367321394, 1.4800059057340735,
    0.8001429280521611, 0.8477887675482342, 0.7597666372108799, 0.5775218857805459,
    0.8422221064840686, 1.3242093370309032, 1.021067930676748, 1.4300207242282308};
static const conf_array conf_autograd_pow_scalar_1_5_in[] = {
    {2, conf_autograd_pow_scalar_1_5_in_0_shape,
     conf_autograd_pow_scalar_1_5_in_0_data}};
static const int64_t conf_autograd_pow_scalar_1_5_out_0_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_1_5_out_0_data[] = {
    1.8352099389733807, 1.6959988313733507, 0.4461098518054639, 1.800508485932405,
    0.7157335194688709, 0.7806052851465364, 0.6622475014003303, 0.43888695280066214,
    0.7729296275379213, 1.523824558944822, 1.0317677627754038, 1.7100684602569174};
static const int64_t conf_autograd_pow_scalar_1_5_out_1_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_1_5_out_1_data[] = {
    -0.9182406487775624, 2.2360239705771545, 0.28653556799803603, -1.3686242999613467,
    1.3417606299624991, 0.0, -1.307468903540149, 0.8549421832445768, -0.3441474738020347,
    -2.157643031295786, 0.7578592949919338, -0.8968760546354104};
static const int64_t conf_autograd_pow_scalar_1_5_out_2_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_1_5_out_2_data[] = {
    -0.0, -0.7861331198279952, 0.184041288027326, 0.11559280732080239, -1.0480632451104956, 0.0,
    0.4302205570449554, 0.9252270393280045, -0.05107730359256257, 0.6110182990780689,
    0.3711111044735467, -0.0};
static const conf_array conf_autograd_pow_scalar_1_5_out[] = {
    {2, conf_autograd_pow_scalar_1_5_out_0_shape,
     conf_autograd_pow_scalar_1_5_out_0_data},
    {2, conf_autograd_pow_scalar_1_5_out_1_shape,
     conf_autograd_pow_scalar_1_5_out_1_data},
    {2, conf_autograd_pow_scalar_1_5_out_2_shape,
     conf_autograd_pow_scalar_1_5_out_2_data}};
CONF_PROG(conf_autograd_pow_scalar_1_5,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo pow)",
          CONF_EAGER,
    "prog conf_autograd_pow_scalar_1_5\n"
    "in 3,4\n"
    "v1 = pow_scalar v0 1.5\n"
    "out v1\n"
    "end\n",
          conf_autograd_pow_scalar_1_5_in, 1,
          conf_autograd_pow_scalar_1_5_out, 3, 0)
static const int64_t conf_autograd_pow_scalar_0_0_in_0_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_0_0_in_0_data[] = {
    2.3608212636399433, 0.19368751788521896, -0.08766141337107915, 0.7977142160100779,
    0.13812694619402358, -0.9715971835145097, -2.276478996178286, 1.5011917827956178,
    0.064179436445403, 0.18141895472702546, -0.4597225431262008, -0.9489929306664181};
static const conf_array conf_autograd_pow_scalar_0_0_in[] = {
    {2, conf_autograd_pow_scalar_0_0_in_0_shape,
     conf_autograd_pow_scalar_0_0_in_0_data}};
static const int64_t conf_autograd_pow_scalar_0_0_out_0_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_0_0_out_0_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0};
static const int64_t conf_autograd_pow_scalar_0_0_out_1_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_0_0_out_1_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_pow_scalar_0_0_out_2_shape[] = {3, 4};
static const double conf_autograd_pow_scalar_0_0_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_pow_scalar_0_0_out[] = {
    {2, conf_autograd_pow_scalar_0_0_out_0_shape,
     conf_autograd_pow_scalar_0_0_out_0_data},
    {2, conf_autograd_pow_scalar_0_0_out_1_shape,
     conf_autograd_pow_scalar_0_0_out_1_data},
    {2, conf_autograd_pow_scalar_0_0_out_2_shape,
     conf_autograd_pow_scalar_0_0_out_2_data}};
CONF_PROG(conf_autograd_pow_scalar_0_0,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo pow)",
          CONF_EAGER,
    "prog conf_autograd_pow_scalar_0_0\n"
    "in 3,4\n"
    "v1 = pow_scalar v0 0.0\n"
    "out v1\n"
    "end\n",
          conf_autograd_pow_scalar_0_0_in, 1,
          conf_autograd_pow_scalar_0_0_out, 3, 0)
static const int64_t conf_autograd_pow_scalar_2_at_zero_in_0_shape[] = {5};
static const double conf_autograd_pow_scalar_2_at_zero_in_0_data[] = {
    2.0, 1.0, 1.0, -2.0, 2.0};
static const conf_array conf_autograd_pow_scalar_2_at_zero_in[] = {
    {1, conf_autograd_pow_scalar_2_at_zero_in_0_shape,
     conf_autograd_pow_scalar_2_at_zero_in_0_data}};
static const int64_t conf_autograd_pow_scalar_2_at_zero_out_0_shape[] = {5};
static const double conf_autograd_pow_scalar_2_at_zero_out_0_data[] = {
    4.0, 1.0, 1.0, 4.0, 4.0};
static const int64_t conf_autograd_pow_scalar_2_at_zero_out_1_shape[] = {5};
static const double conf_autograd_pow_scalar_2_at_zero_out_1_data[] = {
    -2.0, 2.5, 0.5, 3.0, 4.0};
static const int64_t conf_autograd_pow_scalar_2_at_zero_out_2_shape[] = {5};
static const double conf_autograd_pow_scalar_2_at_zero_out_2_data[] = {
    -0.0, -2.5, 0.375, 0.375, -2.5};
static const conf_array conf_autograd_pow_scalar_2_at_zero_out[] = {
    {1, conf_autograd_pow_scalar_2_at_zero_out_0_shape,
     conf_autograd_pow_scalar_2_at_zero_out_0_data},
    {1, conf_autograd_pow_scalar_2_at_zero_out_1_shape,
     conf_autograd_pow_scalar_2_at_zero_out_1_data},
    {1, conf_autograd_pow_scalar_2_at_zero_out_2_shape,
     conf_autograd_pow_scalar_2_at_zero_out_2_data}};
CONF_PROG(conf_autograd_pow_scalar_2_at_zero,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo pow)",
          CONF_EAGER,
    "prog conf_autograd_pow_scalar_2_at_zero\n"
    "in 5\n"
    "v1 = pow_scalar v0 2.0\n"
    "out v1\n"
    "end\n",
          conf_autograd_pow_scalar_2_at_zero_in, 1,
          conf_autograd_pow_scalar_2_at_zero_out, 3, 0)
static const int64_t conf_autograd_add_scalar_in_0_shape[] = {3, 4};
static const double conf_autograd_add_scalar_in_0_data[] = {
    1.1660615252451405, 0.9067653675027292, 0.18285027986898142, 0.5002547391304089,
    -0.12483666420124599, -1.1611358349075103, 0.3026547237621258, -0.6417647031563021,
    -0.5433446834653114, -0.3620986325299051, -1.446063708040365, -0.5869589792054576};
static const conf_array conf_autograd_add_scalar_in[] = {
    {2, conf_autograd_add_scalar_in_0_shape,
     conf_autograd_add_scalar_in_0_data}};
static const int64_t conf_autograd_add_scalar_out_0_shape[] = {3, 4};
static const double conf_autograd_add_scalar_out_0_data[] = {
    3.6660615252451407, 3.406765367502729, 2.6828502798689815, 3.000254739130409,
    2.375163335798754, 1.3388641650924897, 2.8026547237621258, 1.858235296843698,
    1.9566553165346887, 2.137901367470095, 1.053936291959635, 1.9130410207945423};
static const int64_t conf_autograd_add_scalar_out_1_shape[] = {3, 4};
static const double conf_autograd_add_scalar_out_1_data[] = {
    -0.5, 1.25, 0.25, -0.75, 1.0, 0.0, -1.0, 0.75, -0.25, -1.25, 0.5, -0.5};
static const int64_t conf_autograd_add_scalar_out_2_shape[] = {3, 4};
static const double conf_autograd_add_scalar_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_add_scalar_out[] = {
    {2, conf_autograd_add_scalar_out_0_shape,
     conf_autograd_add_scalar_out_0_data},
    {2, conf_autograd_add_scalar_out_1_shape,
     conf_autograd_add_scalar_out_1_data},
    {2, conf_autograd_add_scalar_out_2_shape,
     conf_autograd_add_scalar_out_2_data}};
CONF_PROG(conf_autograd_add_scalar,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo add)",
          CONF_EAGER,
    "prog conf_autograd_add_scalar\n"
    "in 3,4\n"
    "v1 = add_scalar v0 2.5\n"
    "out v1\n"
    "end\n",
          conf_autograd_add_scalar_in, 1,
          conf_autograd_add_scalar_out, 3, 0)
static const int64_t conf_autograd_mul_scalar_in_0_shape[] = {3, 4};
static const double conf_autograd_mul_scalar_in_0_data[] = {
    -1.626670980659963, 0.7187418935880286, 0.549565202559134, -0.02385579310799954,
    -0.8101513163686308, -0.374081063738643, 1.167406297399625, -0.5587693613994934,
    -0.8027491985986119, 0.07320639267606993, 1.3024317190966026, -0.5534998133564558};
static const conf_array conf_autograd_mul_scalar_in[] = {
    {2, conf_autograd_mul_scalar_in_0_shape,
     conf_autograd_mul_scalar_in_0_data}};
static const int64_t conf_autograd_mul_scalar_out_0_shape[] = {3, 4};
static const double conf_autograd_mul_scalar_out_0_data[] = {
    2.4400064709899447, -1.078112840382043, -0.824347803838701, 0.03578368966199931,
    1.2152269745529463, 0.5611215956079645, -1.7511094460994376, 0.8381540420992402,
    1.204123797897918, -0.1098095890141049, -1.953647578644904, 0.8302497200346837};
static const int64_t conf_autograd_mul_scalar_out_1_shape[] = {3, 4};
static const double conf_autograd_mul_scalar_out_1_data[] = {
    0.75, -1.875, -0.375, 1.125, -1.5, -0.0, 1.5, -1.125, 0.375, 1.875, -0.75, 0.75};
static const int64_t conf_autograd_mul_scalar_out_2_shape[] = {3, 4};
static const double conf_autograd_mul_scalar_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_mul_scalar_out[] = {
    {2, conf_autograd_mul_scalar_out_0_shape,
     conf_autograd_mul_scalar_out_0_data},
    {2, conf_autograd_mul_scalar_out_1_shape,
     conf_autograd_mul_scalar_out_1_data},
    {2, conf_autograd_mul_scalar_out_2_shape,
     conf_autograd_mul_scalar_out_2_data}};
CONF_PROG(conf_autograd_mul_scalar,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo mul)",
          CONF_EAGER,
    "prog conf_autograd_mul_scalar\n"
    "in 3,4\n"
    "v1 = mul_scalar v0 -1.5\n"
    "out v1\n"
    "end\n",
          conf_autograd_mul_scalar_in, 1,
          conf_autograd_mul_scalar_out, 3, 0)
static const int64_t conf_autograd_where_in_0_shape[] = {3, 4};
static const double conf_autograd_where_in_0_data[] = {
    1.3308288880565202, 1.0178373987742082, 2.2302912312035383, 1.72581467940538,
    -0.44459608770591946, -0.7969452842518154, 0.9191290000884286, -1.1543970368490934,
    0.24652120198300653, -0.7056165341327808, -0.09289268302506107, 0.8780016811120718};
static const int64_t conf_autograd_where_in_1_shape[] = {3, 4};
static const double conf_autograd_where_in_1_data[] = {
    0.36651074922535865, 0.5743285030663656, 0.04297944577223858, -0.022157215330441675,
    0.2308331961893213, -0.924758072014944, 0.6779037993317222, -0.8659670427155247,
    0.20445388828937797, -1.8626545206436673, 0.8349314799432664, 0.21314543020434915};
static const int64_t conf_autograd_where_in_2_shape[] = {4};
static const double conf_autograd_where_in_2_data[] = {
    -0.03873627286256541, 0.813812938226963, 0.8787505201932854, -0.934736662184895};
static const conf_array conf_autograd_where_in[] = {
    {2, conf_autograd_where_in_0_shape,
     conf_autograd_where_in_0_data},
    {2, conf_autograd_where_in_1_shape,
     conf_autograd_where_in_1_data},
    {1, conf_autograd_where_in_2_shape,
     conf_autograd_where_in_2_data}};
static const int64_t conf_autograd_where_out_0_shape[] = {3, 4};
static const double conf_autograd_where_out_0_data[] = {
    0.36651074922535865, 0.5743285030663656, 0.04297944577223858, -0.022157215330441675,
    -0.03873627286256541, 0.813812938226963, 0.6779037993317222, -0.934736662184895,
    0.20445388828937797, 0.813812938226963, 0.8787505201932854, 0.21314543020434915};
static const int64_t conf_autograd_where_out_1_shape[] = {3, 4};
static const double conf_autograd_where_out_1_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_where_out_2_shape[] = {3, 4};
static const double conf_autograd_where_out_2_data[] = {
    -0.5, 1.25, 0.25, -0.75, 0.0, 0.0, -1.0, 0.0, -0.25, 0.0, 0.0, -0.5};
static const int64_t conf_autograd_where_out_3_shape[] = {4};
static const double conf_autograd_where_out_3_data[] = {
    1.0, -1.25, 0.5, 0.75};
static const int64_t conf_autograd_where_out_4_shape[] = {3, 4};
static const double conf_autograd_where_out_4_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_where_out_5_shape[] = {3, 4};
static const double conf_autograd_where_out_5_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_where_out_6_shape[] = {4};
static const double conf_autograd_where_out_6_data[] = {
    0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_where_out[] = {
    {2, conf_autograd_where_out_0_shape,
     conf_autograd_where_out_0_data},
    {2, conf_autograd_where_out_1_shape,
     conf_autograd_where_out_1_data},
    {2, conf_autograd_where_out_2_shape,
     conf_autograd_where_out_2_data},
    {1, conf_autograd_where_out_3_shape,
     conf_autograd_where_out_3_data},
    {2, conf_autograd_where_out_4_shape,
     conf_autograd_where_out_4_data},
    {2, conf_autograd_where_out_5_shape,
     conf_autograd_where_out_5_data},
    {1, conf_autograd_where_out_6_shape,
     conf_autograd_where_out_6_data}};
CONF_PROG(conf_autograd_where,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo where)",
          CONF_EAGER,
    "prog conf_autograd_where\n"
    "in 3,4\n"
    "in 3,4\n"
    "in 4\n"
    "v3 = where v0 v1 v2\n"
    "out v3\n"
    "end\n",
          conf_autograd_where_in, 3,
          conf_autograd_where_out, 7, 0)
static const int64_t conf_autograd_sum_all_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_sum_all_in_0_data[] = {
    0.6030281864635263, -0.10978748971787532, -0.26896269792282035, 1.5562676886590967,
    -0.21652565107319202, -1.431969313824541, -0.26440861478551486, 0.1640120398751804,
    1.340484344459804, 2.0524450718092173, 0.5818486519474211, 0.42013198387362816,
    0.28042399468674856, -0.982668068143542, -1.4571743100642915, 0.603009378247466,
    0.4040465430812688, -0.3860558811652985, -0.9641165863049765, -0.9324936701883452,
    0.6497089336914119, 0.5810812125579011, -1.2697658885248477, -2.045622859375533};
static const conf_array conf_autograd_sum_all_in[] = {
    {3, conf_autograd_sum_all_in_0_shape,
     conf_autograd_sum_all_in_0_data}};
static const int64_t conf_autograd_sum_all_out_0_shape[] = {0};
static const double conf_autograd_sum_all_out_0_data[] = {
    -1.0930630017381087};
static const int64_t conf_autograd_sum_all_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_sum_all_out_1_data[] = {
    -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5,
    -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5};
static const int64_t conf_autograd_sum_all_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_sum_all_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_sum_all_out[] = {
    {0, conf_autograd_sum_all_out_0_shape,
     conf_autograd_sum_all_out_0_data},
    {3, conf_autograd_sum_all_out_1_shape,
     conf_autograd_sum_all_out_1_data},
    {3, conf_autograd_sum_all_out_2_shape,
     conf_autograd_sum_all_out_2_data}};
CONF_PROG(conf_autograd_sum_all,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo sum)",
          CONF_EAGER,
    "prog conf_autograd_sum_all\n"
    "in 2,3,4\n"
    "v1 = sum v0 [] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_sum_all_in, 1,
          conf_autograd_sum_all_out, 3, 0)
static const int64_t conf_autograd_sum_dim0_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_sum_dim0_in_0_data[] = {
    0.7653551353124541, 0.09843349016928815, 0.5057953147144155, -0.23736117050444788,
    0.2627961274040282, 0.8270897291974996, -1.9491228867357528, 0.7836596094493828,
    -1.327689107691712, 1.0422436779036355, 0.8320510303953828, -1.0447105842780642,
    -0.6455264277165876, 1.407087323542504, -1.6064624414036353, 0.16585920068634302,
    -0.15968117529833956, 0.9912322026132043, -0.3158626777790092, -0.5814248933720662,
    -0.02278363789791918, 1.0247446474962483, 2.5983343169930584, 0.0050242304938078455};
static const conf_array conf_autograd_sum_dim0_in[] = {
    {3, conf_autograd_sum_dim0_in_0_shape,
     conf_autograd_sum_dim0_in_0_data}};
static const int64_t conf_autograd_sum_dim0_out_0_shape[] = {3, 4};
static const double conf_autograd_sum_dim0_out_0_data[] = {
    0.1198287075958665, 1.5055208137117924, -1.1006671266892196, -0.07150196981810486,
    0.10311495210568863, 1.8183219318107038, -2.2649855645147623, 0.2022347160773167,
    -1.350472745589631, 2.0669883253998838, 3.430385347388441, -1.0396863537842564};
static const int64_t conf_autograd_sum_dim0_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_sum_dim0_out_1_data[] = {
    -0.5, 1.25, 0.25, -0.75, 1.0, 0.0, -1.0, 0.75, -0.25, -1.25, 0.5, -0.5, -0.5, 1.25, 0.25,
    -0.75, 1.0, 0.0, -1.0, 0.75, -0.25, -1.25, 0.5, -0.5};
static const int64_t conf_autograd_sum_dim0_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_sum_dim0_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_sum_dim0_out[] = {
    {2, conf_autograd_sum_dim0_out_0_shape,
     conf_autograd_sum_dim0_out_0_data},
    {3, conf_autograd_sum_dim0_out_1_shape,
     conf_autograd_sum_dim0_out_1_data},
    {3, conf_autograd_sum_dim0_out_2_shape,
     conf_autograd_sum_dim0_out_2_data}};
CONF_PROG(conf_autograd_sum_dim0,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo sum)",
          CONF_EAGER,
    "prog conf_autograd_sum_dim0\n"
    "in 2,3,4\n"
    "v1 = sum v0 [0] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_sum_dim0_in, 1,
          conf_autograd_sum_dim0_out, 3, 0)
static const int64_t conf_autograd_sum_lastdim_keepdim_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_sum_lastdim_keepdim_in_0_data[] = {
    -0.2559845253856664, -1.689230566347855, -1.3892653415485137, 1.2927776487233515,
    -1.7327652823827366, 1.1756383536934025, -0.17536261126271813, 0.58381443369996,
    1.3930698715127658, -0.5774889918797645, -0.8180767532591274, -1.0785294345826801,
    0.8451967449355127, 1.1315367325061214, 0.12041934608809049, 0.24643743367559495,
    2.1529085745480563, 0.5462732328597342, 0.6030605742731489, 0.5123505108378424,
    0.038653419107977115, 1.017241342012613, 0.24374334425236027, 0.4408399159775467};
static const conf_array conf_autograd_sum_lastdim_keepdim_in[] = {
    {3, conf_autograd_sum_lastdim_keepdim_in_0_shape,
     conf_autograd_sum_lastdim_keepdim_in_0_data}};
static const int64_t conf_autograd_sum_lastdim_keepdim_out_0_shape[] = {2, 3, 1};
static const double conf_autograd_sum_lastdim_keepdim_out_0_data[] = {
    -2.0417027845586837, -0.14867510625209224, -1.0810253082088064, 2.3435902572053195,
    3.8145928925187818, 1.740478021350497};
static const int64_t conf_autograd_sum_lastdim_keepdim_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_sum_lastdim_keepdim_out_1_data[] = {
    -0.5, -0.5, -0.5, -0.5, 1.25, 1.25, 1.25, 1.25, 0.25, 0.25, 0.25, 0.25, -0.75, -0.75, -0.75,
    -0.75, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_sum_lastdim_keepdim_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_sum_lastdim_keepdim_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_sum_lastdim_keepdim_out[] = {
    {3, conf_autograd_sum_lastdim_keepdim_out_0_shape,
     conf_autograd_sum_lastdim_keepdim_out_0_data},
    {3, conf_autograd_sum_lastdim_keepdim_out_1_shape,
     conf_autograd_sum_lastdim_keepdim_out_1_data},
    {3, conf_autograd_sum_lastdim_keepdim_out_2_shape,
     conf_autograd_sum_lastdim_keepdim_out_2_data}};
CONF_PROG(conf_autograd_sum_lastdim_keepdim,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo sum)",
          CONF_EAGER,
    "prog conf_autograd_sum_lastdim_keepdim\n"
    "in 2,3,4\n"
    "v1 = sum v0 [-1] 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_sum_lastdim_keepdim_in, 1,
          conf_autograd_sum_lastdim_keepdim_out, 3, 0)
static const int64_t conf_autograd_sum_dims02_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_sum_dims02_in_0_data[] = {
    -1.8535092020172235, -0.45422764429419177, -0.0755981601990154, -1.6293586902187096,
    1.5084593855341428, 0.0033719155955572607, -0.34180567252419114, 0.0003832181889198222,
    -1.1560086190134111, 0.08044734024244697, 0.8430381927566329, 0.5183883097416502,
    -0.008014387114100746, -0.6676768499240556, 0.8407387546451298, 0.9049627626564297,
    -1.3988607136811064, -0.7867206539084639, 0.02275545872961941, -1.3504722323681628,
    1.2097020219796077, 1.590676988650867, -0.5776501014651299, -0.15905216822611168};
static const conf_array conf_autograd_sum_dims02_in[] = {
    {3, conf_autograd_sum_dims02_in_0_shape,
     conf_autograd_sum_dims02_in_0_data}};
static const int64_t conf_autograd_sum_dims02_out_0_shape[] = {3};
static const double conf_autograd_sum_dims02_out_0_data[] = {
    -2.9426834164657376, -2.342889294433685, 2.3495419646665523};
static const int64_t conf_autograd_sum_dims02_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_sum_dims02_out_1_data[] = {
    -0.5, -0.5, -0.5, -0.5, 1.25, 1.25, 1.25, 1.25, 0.25, 0.25, 0.25, 0.25, -0.5, -0.5, -0.5,
    -0.5, 1.25, 1.25, 1.25, 1.25, 0.25, 0.25, 0.25, 0.25};
static const int64_t conf_autograd_sum_dims02_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_sum_dims02_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_sum_dims02_out[] = {
    {1, conf_autograd_sum_dims02_out_0_shape,
     conf_autograd_sum_dims02_out_0_data},
    {3, conf_autograd_sum_dims02_out_1_shape,
     conf_autograd_sum_dims02_out_1_data},
    {3, conf_autograd_sum_dims02_out_2_shape,
     conf_autograd_sum_dims02_out_2_data}};
CONF_PROG(conf_autograd_sum_dims02,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo sum)",
          CONF_EAGER,
    "prog conf_autograd_sum_dims02\n"
    "in 2,3,4\n"
    "v1 = sum v0 [0,2] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_sum_dims02_in, 1,
          conf_autograd_sum_dims02_out, 3, 0)
static const int64_t conf_autograd_sum_all_keepdim_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_sum_all_keepdim_in_0_data[] = {
    -1.0011660844237043, -0.9819697162742707, 1.704177273277791, -0.02929139324957691,
    1.2096848298434504, -1.384323893136638, -1.202698820447613, 1.1567649490866374,
    -0.48502238886450094, 0.23506413177841606, -0.4707494040015617, -0.4810610445356618,
    -0.1854764504965287, 0.32282551347380944, -0.37474864882071035, 0.19353488509112401,
    1.3740703095517972, 0.26468194571285714, 0.2581084167700773, -1.9253392900395767,
    0.41211764094495656, 1.2755411701799833, 0.37787860669464934, 0.008854870707143902};
static const conf_array conf_autograd_sum_all_keepdim_in[] = {
    {3, conf_autograd_sum_all_keepdim_in_0_shape,
     conf_autograd_sum_all_keepdim_in_0_data}};
static const int64_t conf_autograd_sum_all_keepdim_out_0_shape[] = {1, 1, 1};
static const double conf_autograd_sum_all_keepdim_out_0_data[] = {
    0.2714574088223498};
static const int64_t conf_autograd_sum_all_keepdim_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_sum_all_keepdim_out_1_data[] = {
    -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5,
    -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5};
static const int64_t conf_autograd_sum_all_keepdim_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_sum_all_keepdim_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_sum_all_keepdim_out[] = {
    {3, conf_autograd_sum_all_keepdim_out_0_shape,
     conf_autograd_sum_all_keepdim_out_0_data},
    {3, conf_autograd_sum_all_keepdim_out_1_shape,
     conf_autograd_sum_all_keepdim_out_1_data},
    {3, conf_autograd_sum_all_keepdim_out_2_shape,
     conf_autograd_sum_all_keepdim_out_2_data}};
CONF_PROG(conf_autograd_sum_all_keepdim,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo sum)",
          CONF_EAGER,
    "prog conf_autograd_sum_all_keepdim\n"
    "in 2,3,4\n"
    "v1 = sum v0 [] 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_sum_all_keepdim_in, 1,
          conf_autograd_sum_all_keepdim_out, 3, 0)
static const int64_t conf_autograd_mean_all_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_mean_all_in_0_data[] = {
    -0.01690349875852627, 1.0212854943062626, 0.5134730161784311, 0.420405107791831,
    -0.42381262589611807, -2.842086968264689, 1.0259027658087738, -1.706898331257057,
    0.4163780814162437, 1.4629796813572509, 1.2449921157221562, 0.4708325229464528,
    -1.595734052190864, 0.9347032354334, 1.3953167622027365, -0.6570035926928982,
    0.3521128414592214, 0.629884472651306, -0.5477727075524903, 0.9131899167246414,
    -1.307255979021031, -0.09023157561552417, -0.4676688188174274, -1.3187250530116212};
static const conf_array conf_autograd_mean_all_in[] = {
    {3, conf_autograd_mean_all_in_0_shape,
     conf_autograd_mean_all_in_0_data}};
static const int64_t conf_autograd_mean_all_out_0_shape[] = {0};
static const double conf_autograd_mean_all_out_0_data[] = {
    -0.00719321621164748};
static const int64_t conf_autograd_mean_all_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_mean_all_out_1_data[] = {
    -0.020833333333333332, -0.020833333333333332, -0.020833333333333332, -0.020833333333333332,
    -0.020833333333333332, -0.020833333333333332, -0.020833333333333332, -0.020833333333333332,
    -0.020833333333333332, -0.020833333333333332, -0.020833333333333332, -0.020833333333333332,
    -0.020833333333333332, -0.020833333333333332, -0.020833333333333332, -0.020833333333333332,
    -0.020833333333333332, -0.020833333333333332, -0.020833333333333332, -0.020833333333333332,
    -0.020833333333333332, -0.020833333333333332, -0.020833333333333332, -0.020833333333333332};
static const int64_t conf_autograd_mean_all_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_mean_all_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_mean_all_out[] = {
    {0, conf_autograd_mean_all_out_0_shape,
     conf_autograd_mean_all_out_0_data},
    {3, conf_autograd_mean_all_out_1_shape,
     conf_autograd_mean_all_out_1_data},
    {3, conf_autograd_mean_all_out_2_shape,
     conf_autograd_mean_all_out_2_data}};
CONF_PROG(conf_autograd_mean_all,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo mean)",
          CONF_EAGER,
    "prog conf_autograd_mean_all\n"
    "in 2,3,4\n"
    "v1 = mean v0 [] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_mean_all_in, 1,
          conf_autograd_mean_all_out, 3, 0)
static const int64_t conf_autograd_mean_dim0_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_mean_dim0_in_0_data[] = {
    -0.3448985270117159, 1.4649564784671913, -0.46277635568526343, 0.011807406883250389,
    -0.5538457957625607, -0.9033512055788441, -2.1860432332450728, 1.5065324268192257,
    0.04290298490890166, -0.8657239370247942, -0.40928327170561307, 0.5053788415043557,
    0.31002972563154957, 1.1296407225350615, -0.14911653814036618, -0.5505680493117182,
    -2.0002990296691725, 1.119611667497011, 0.24154113187015136, -0.6971781100571048,
    -1.5396093149423842, 0.19794793715016817, 0.794599034453458, 0.6826615182199609};
static const conf_array conf_autograd_mean_dim0_in[] = {
    {3, conf_autograd_mean_dim0_in_0_shape,
     conf_autograd_mean_dim0_in_0_data}};
static const int64_t conf_autograd_mean_dim0_out_0_shape[] = {3, 4};
static const double conf_autograd_mean_dim0_out_0_data[] = {
    -0.017434400690083174, 1.2972986005011264, -0.3059464469128148, -0.2693803212142339,
    -1.2770724127158666, 0.10813023095908342, -0.9722510506874606, 0.40467715838106044,
    -0.7483531650167412, -0.333887999937313, 0.19265788137392248, 0.5940201798621583};
static const int64_t conf_autograd_mean_dim0_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_mean_dim0_out_1_data[] = {
    -0.25, 0.625, 0.125, -0.375, 0.5, 0.0, -0.5, 0.375, -0.125, -0.625, 0.25, -0.25, -0.25, 0.625,
    0.125, -0.375, 0.5, 0.0, -0.5, 0.375, -0.125, -0.625, 0.25, -0.25};
static const int64_t conf_autograd_mean_dim0_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_mean_dim0_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_mean_dim0_out[] = {
    {2, conf_autograd_mean_dim0_out_0_shape,
     conf_autograd_mean_dim0_out_0_data},
    {3, conf_autograd_mean_dim0_out_1_shape,
     conf_autograd_mean_dim0_out_1_data},
    {3, conf_autograd_mean_dim0_out_2_shape,
     conf_autograd_mean_dim0_out_2_data}};
CONF_PROG(conf_autograd_mean_dim0,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo mean)",
          CONF_EAGER,
    "prog conf_autograd_mean_dim0\n"
    "in 2,3,4\n"
    "v1 = mean v0 [0] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_mean_dim0_in, 1,
          conf_autograd_mean_dim0_out, 3, 0)
static const int64_t conf_autograd_mean_lastdim_keepdim_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_mean_lastdim_keepdim_in_0_data[] = {
    -0.4055961795580529, 1.1445431491962428, 1.3837843376194268, -1.5496289531593104,
    -0.6534293060054044, 0.8782754657024241, -1.758185495096311, -1.3072104111825733,
    0.8733082114214136, 0.5643046969018909, 0.7977996149366621, 0.6662303265743842,
    0.2654664851791282, 0.4297031644927077, -0.7677085665450983, 1.1240176506086648,
    -1.9952604433308794, 0.8262751262556065, 0.5020017614467742, -0.1763471034286847,
    0.5414606186695871, 0.6783233062952105, 0.26755682915868617, -0.7395647944366461};
static const conf_array conf_autograd_mean_lastdim_keepdim_in[] = {
    {3, conf_autograd_mean_lastdim_keepdim_in_0_shape,
     conf_autograd_mean_lastdim_keepdim_in_0_data}};
static const int64_t conf_autograd_mean_lastdim_keepdim_out_0_shape[] = {2, 3, 1};
static const double conf_autograd_mean_lastdim_keepdim_out_0_data[] = {
    0.14327558852457656, -0.7101374366454661, 0.7254107124585877, 0.26286968343385053,
    -0.21083266476429585, 0.1869439899217094};
static const int64_t conf_autograd_mean_lastdim_keepdim_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_mean_lastdim_keepdim_out_1_data[] = {
    -0.125, -0.125, -0.125, -0.125, 0.3125, 0.3125, 0.3125, 0.3125, 0.0625, 0.0625, 0.0625,
    0.0625, -0.1875, -0.1875, -0.1875, -0.1875, 0.25, 0.25, 0.25, 0.25, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_mean_lastdim_keepdim_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_mean_lastdim_keepdim_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_mean_lastdim_keepdim_out[] = {
    {3, conf_autograd_mean_lastdim_keepdim_out_0_shape,
     conf_autograd_mean_lastdim_keepdim_out_0_data},
    {3, conf_autograd_mean_lastdim_keepdim_out_1_shape,
     conf_autograd_mean_lastdim_keepdim_out_1_data},
    {3, conf_autograd_mean_lastdim_keepdim_out_2_shape,
     conf_autograd_mean_lastdim_keepdim_out_2_data}};
CONF_PROG(conf_autograd_mean_lastdim_keepdim,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo mean)",
          CONF_EAGER,
    "prog conf_autograd_mean_lastdim_keepdim\n"
    "in 2,3,4\n"
    "v1 = mean v0 [-1] 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_mean_lastdim_keepdim_in, 1,
          conf_autograd_mean_lastdim_keepdim_out, 3, 0)
static const int64_t conf_autograd_mean_dims02_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_mean_dims02_in_0_data[] = {
    1.6999917040043209, -1.4786521110071134, -1.1061244758896858, -0.3090281886355038,
    -2.346179632602129, 1.8239744480338829, -1.317330628872454, 0.920679988771698,
    -0.8002681773144918, -0.6410826239351487, 0.348401530320726, -0.5537666286614404,
    0.18350334588514516, 1.7102115287246427, 0.4187849092033415, 0.28390942447402195,
    0.9251033928426788, -1.0840230880148194, -0.911945268265345, -0.30131134047548824,
    -0.10915778558370674, -0.4207147651697184, -0.8332148453680571, -0.6527673525378039};
static const conf_array conf_autograd_mean_dims02_in[] = {
    {3, conf_autograd_mean_dims02_in_0_shape,
     conf_autograd_mean_dims02_in_0_data}};
static const int64_t conf_autograd_mean_dims02_out_0_shape[] = {3};
static const double conf_autograd_mean_dims02_out_0_data[] = {
    0.1753245170948962, -0.286379016072747, -0.45782133103120515};
static const int64_t conf_autograd_mean_dims02_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_mean_dims02_out_1_data[] = {
    -0.0625, -0.0625, -0.0625, -0.0625, 0.15625, 0.15625, 0.15625, 0.15625, 0.03125, 0.03125,
    0.03125, 0.03125, -0.0625, -0.0625, -0.0625, -0.0625, 0.15625, 0.15625, 0.15625, 0.15625,
    0.03125, 0.03125, 0.03125, 0.03125};
static const int64_t conf_autograd_mean_dims02_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_mean_dims02_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_mean_dims02_out[] = {
    {1, conf_autograd_mean_dims02_out_0_shape,
     conf_autograd_mean_dims02_out_0_data},
    {3, conf_autograd_mean_dims02_out_1_shape,
     conf_autograd_mean_dims02_out_1_data},
    {3, conf_autograd_mean_dims02_out_2_shape,
     conf_autograd_mean_dims02_out_2_data}};
CONF_PROG(conf_autograd_mean_dims02,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo mean)",
          CONF_EAGER,
    "prog conf_autograd_mean_dims02\n"
    "in 2,3,4\n"
    "v1 = mean v0 [0,2] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_mean_dims02_in, 1,
          conf_autograd_mean_dims02_out, 3, 0)
static const int64_t conf_autograd_mean_all_keepdim_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_mean_all_keepdim_in_0_data[] = {
    -1.5796911268923184, -0.23410277301763605, 1.6013522453496232, -0.5245627446056811,
    0.8866495797438794, -0.6100676028750734, 1.6939628213993327, -0.331353530252813,
    1.0041481214913741, 1.4343690310511275, -1.184569467451274, -0.0596546458937866,
    0.30398718003160474, 0.1107009437813006, 1.9583413209536187, 2.34678757652867,
    -0.45660935092638666, -0.03780976763079649, 0.6697687382225089, 1.6083124115267262,
    1.3877181756631178, -0.52552159008718, -0.1031601022723308, -1.1193988398760075};
static const conf_array conf_autograd_mean_all_keepdim_in[] = {
    {3, conf_autograd_mean_all_keepdim_in_0_shape,
     conf_autograd_mean_all_keepdim_in_0_data}};
static const int64_t conf_autograd_mean_all_keepdim_out_0_shape[] = {1, 1, 1};
static const double conf_autograd_mean_all_keepdim_out_0_data[] = {
    0.34331652516506667};
static const int64_t conf_autograd_mean_all_keepdim_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_mean_all_keepdim_out_1_data[] = {
    -0.020833333333333332, -0.020833333333333332, -0.020833333333333332, -0.020833333333333332,
    -0.020833333333333332, -0.020833333333333332, -0.020833333333333332, -0.020833333333333332,
    -0.020833333333333332, -0.020833333333333332, -0.020833333333333332, -0.020833333333333332,
    -0.020833333333333332, -0.020833333333333332, -0.020833333333333332, -0.020833333333333332,
    -0.020833333333333332, -0.020833333333333332, -0.020833333333333332, -0.020833333333333332,
    -0.020833333333333332, -0.020833333333333332, -0.020833333333333332, -0.020833333333333332};
static const int64_t conf_autograd_mean_all_keepdim_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_mean_all_keepdim_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_mean_all_keepdim_out[] = {
    {3, conf_autograd_mean_all_keepdim_out_0_shape,
     conf_autograd_mean_all_keepdim_out_0_data},
    {3, conf_autograd_mean_all_keepdim_out_1_shape,
     conf_autograd_mean_all_keepdim_out_1_data},
    {3, conf_autograd_mean_all_keepdim_out_2_shape,
     conf_autograd_mean_all_keepdim_out_2_data}};
CONF_PROG(conf_autograd_mean_all_keepdim,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo mean)",
          CONF_EAGER,
    "prog conf_autograd_mean_all_keepdim\n"
    "in 2,3,4\n"
    "v1 = mean v0 [] 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_mean_all_keepdim_in, 1,
          conf_autograd_mean_all_keepdim_out, 3, 0)
static const int64_t conf_autograd_prod_all_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_prod_all_in_0_data[] = {
    0.5535880453691957, -0.10316801700508194, 0.2014617961019345, 0.6335678638389153,
    -0.5481388003175587, 0.2868872593975287, 0.7014057041335753, -0.0686455445398122,
    0.49022014677729975, -0.5057069436049026, 0.6068264459563593, 0.6555989742148316,
    0.7860646971962395, -0.4854661342728601, 0.7853448618216752, -0.016239561882329667,
    0.451044176493431, 0.10048142552933614, 0.05908503160296552, -0.40651137952430894,
    0.06040673401469354, 0.2645809462680484, 0.04691450370754535, -0.7300169869931203};
static const conf_array conf_autograd_prod_all_in[] = {
    {3, conf_autograd_prod_all_in_0_shape,
     conf_autograd_prod_all_in_0_data}};
static const int64_t conf_autograd_prod_all_out_0_shape[] = {0};
static const double conf_autograd_prod_all_out_0_data[] = {
    1.5786466313176748e-14};
static const int64_t conf_autograd_prod_all_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_prod_all_out_1_data[] = {
    -1.4258315768586124e-14, 7.650852837657587e-14, -3.9179801378295074e-14,
    -1.2458386239418275e-14, 1.44000628162347e-14, -2.751336247264652e-14,
    -1.1253448767341635e-14, 1.1498536736074042e-13, -1.6101405069698535e-14,
    1.560831476886973e-14, -1.3007398094110134e-14, -1.203972774063838e-14,
    -1.0041454837931544e-14, 1.625908091078485e-14, -1.0050658685509622e-14,
    4.860496369164387e-13, -1.7499911467548526e-14, -7.855415182464642e-14,
    -1.3359107954157727e-13, 1.9417004182822308e-14, -1.306680999285344e-13,
    -2.9832961397725507e-14, -1.6824718440576596e-13, 1.0812396556825273e-14};
static const int64_t conf_autograd_prod_all_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_prod_all_out_2_data[] = {
    -1.2120591787295204e-12, 5.762182510678759e-12, -3.1847061477914906e-12,
    -1.063968213444474e-12, 1.1912701540669556e-12, -2.290881762294133e-12, -9.64645984514956e-13,
    1.1868405827170415e-11, -1.3605236845972227e-12, 1.3036705227901562e-12,
    -1.0842870773266807e-12, -1.0234632725413563e-12, -8.663700696541818e-13,
    1.407257343153358e-12, -8.575775675590688e-13, 3.905242391306522e-12, -1.468218747527801e-12,
    -7.06855564394463e-12, -8.529954347564408e-12, 1.6625259628924094e-12,
    -1.2730079834874348e-11, -2.4232603264537094e-12, -1.4302218260847819e-11,
    9.043201553254597e-13};
static const conf_array conf_autograd_prod_all_out[] = {
    {0, conf_autograd_prod_all_out_0_shape,
     conf_autograd_prod_all_out_0_data},
    {3, conf_autograd_prod_all_out_1_shape,
     conf_autograd_prod_all_out_1_data},
    {3, conf_autograd_prod_all_out_2_shape,
     conf_autograd_prod_all_out_2_data}};
CONF_PROG(conf_autograd_prod_all,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo prod)",
          CONF_EAGER,
    "prog conf_autograd_prod_all\n"
    "in 2,3,4\n"
    "v1 = prod v0 [] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_prod_all_in, 1,
          conf_autograd_prod_all_out, 3, 0)
static const int64_t conf_autograd_prod_dim0_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_prod_dim0_in_0_data[] = {
    0.712580140553104, 0.7781823772855334, 0.7847194697627962, 0.3881517284263747,
    0.4118992222290896, 0.3819234475969395, 0.37425772246751743, 0.04490220869798023,
    -0.7814460839128691, 0.6845675919435104, -0.03202410036498604, -0.7342271597606435,
    0.20342593120353558, 0.3425193429613076, 0.19225046923604105, 0.5838892892942702,
    -0.6414080961830971, 0.003992219697805055, 0.37408551512576405, 0.08793170341121592,
    -0.4122079817256264, 0.2552559848639926, -0.7049192644013291, 0.10924762506788765};
static const conf_array conf_autograd_prod_dim0_in[] = {
    {3, conf_autograd_prod_dim0_in_0_shape,
     conf_autograd_prod_dim0_in_0_data}};
static const int64_t conf_autograd_prod_dim0_out_0_shape[] = {3, 4};
static const double conf_autograd_prod_dim0_out_0_data[] = {
    0.14495727864916147, 0.2665425165719093, 0.15086268628055488, 0.22663763684921848,
    -0.2641954959492588, 0.0015247223105501187, 0.1400043928990565, 0.0039483276977393175,
    0.32211831307711825, 0.17473997488751253, 0.022574405272400296, -0.08021257346419082};
static const int64_t conf_autograd_prod_dim0_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_prod_dim0_out_1_data[] = {
    -0.1017129656017678, 0.42814917870163455, 0.04806261730901026, -0.43791696697070265,
    -0.6414080961830971, 0.0, -0.37408551512576405, 0.06594877755841194, 0.1030519954314066,
    -0.31906998107999074, -0.35245963220066456, -0.05462381253394382, -0.3562900702765521,
    0.9727279716069169, 0.196179867440699, -0.291113796319781, 0.4118992222290896, 0.0,
    -0.37425772246751743, 0.03367665652348517, 0.19536152097821727, -0.855709489929388,
    -0.01601205018249302, 0.3671135798803217};
static const int64_t conf_autograd_prod_dim0_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_prod_dim0_out_2_data[] = {
    0.5000000000000001, 0.9375000000000002, -0.06249999999999999, 0.9375, 0.5000000000000002, 0.0,
    -1.25, 0.1875, 0.1875, -1.25, 0.0, 0.49999999999999994, 0.0, -1.25, 0.1875, 0.1875, -1.25,
    0.0, 0.5000000000000002, 0.9375000000000001, -0.0625, 0.9375000000000004, 0.5, 0.0};
static const conf_array conf_autograd_prod_dim0_out[] = {
    {2, conf_autograd_prod_dim0_out_0_shape,
     conf_autograd_prod_dim0_out_0_data},
    {3, conf_autograd_prod_dim0_out_1_shape,
     conf_autograd_prod_dim0_out_1_data},
    {3, conf_autograd_prod_dim0_out_2_shape,
     conf_autograd_prod_dim0_out_2_data}};
CONF_PROG(conf_autograd_prod_dim0,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo prod)",
          CONF_EAGER,
    "prog conf_autograd_prod_dim0\n"
    "in 2,3,4\n"
    "v1 = prod v0 [0] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_prod_dim0_in, 1,
          conf_autograd_prod_dim0_out, 3, 0)
static const int64_t conf_autograd_prod_lastdim_keepdim_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_prod_lastdim_keepdim_in_0_data[] = {
    -0.3566113259554504, -0.3713978819147739, 0.010005059966814556, 0.08695852220892453,
    -0.40172998846283065, -0.694362404354266, -0.20871506542371587, 0.16770083757606125,
    -0.7286071062061454, -0.32880223522446284, -0.33969355310402566, 0.44327797475470887,
    -0.4487000094980779, 0.29810339784183926, -0.3331954258474499, -0.4056628397063806,
    -0.30759328647056655, 0.4989954972262145, 0.3428632720467917, 0.6007619443998102,
    -0.7712458171555657, -0.7669620349910545, 0.03782810283955773, 0.37129296869638906};
static const conf_array conf_autograd_prod_lastdim_keepdim_in[] = {
    {3, conf_autograd_prod_lastdim_keepdim_in_0_shape,
     conf_autograd_prod_lastdim_keepdim_in_0_data}};
static const int64_t conf_autograd_prod_lastdim_keepdim_out_0_shape[] = {2, 3, 1};
static const double conf_autograd_prod_lastdim_keepdim_out_0_data[] = {
    0.00011523022277047735, -0.009763588802046736, -0.03607377743896629, -0.018079535240700606,
    -0.03161526734885606, 0.008308028435378782};
static const int64_t conf_autograd_prod_lastdim_keepdim_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_prod_lastdim_keepdim_out_1_data[] = {
    0.00016156276369202089, 0.00015513042532229582, -0.005758597307396486, -0.0006625585385042991,
    0.030379823147525915, 0.01757653629578086, 0.05847438936802139, -0.07277534315845642,
    0.012377650839422332, 0.027428172298113992, 0.026548765136498835, -0.020344896144979897,
    -0.030219859914185136, 0.04548640347172298, -0.04069579105426736, -0.033425914585471894,
    0.10278269630530869, -0.06335782091140514, -0.09220954802222565, -0.052625283015290215, -0.0,
    -0.0, 0.0, 0.0};
static const int64_t conf_autograd_prod_lastdim_keepdim_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_prod_lastdim_keepdim_out_2_data[] = {
    0.012081609465712302, 0.011182908002890455, 0.0010503894368086852, -0.05145071802301726,
    0.27734575133541356, 0.22780777238881736, 0.5756924613499148, -0.34838052281062337,
    -0.008204196558058388, -0.0901550374988113, 0.0514484786479829, 0.020465823116497067,
    -0.1918233603237034, 0.27566341579639075, -0.318482930790298, -0.18367127325607058,
    0.31450408569030647, -0.15436393325615708, 0.2039120067809216, -0.053584746370022106, 0.0,
    -0.0, 0.0, 0.0};
static const conf_array conf_autograd_prod_lastdim_keepdim_out[] = {
    {3, conf_autograd_prod_lastdim_keepdim_out_0_shape,
     conf_autograd_prod_lastdim_keepdim_out_0_data},
    {3, conf_autograd_prod_lastdim_keepdim_out_1_shape,
     conf_autograd_prod_lastdim_keepdim_out_1_data},
    {3, conf_autograd_prod_lastdim_keepdim_out_2_shape,
     conf_autograd_prod_lastdim_keepdim_out_2_data}};
CONF_PROG(conf_autograd_prod_lastdim_keepdim,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo prod)",
          CONF_EAGER,
    "prog conf_autograd_prod_lastdim_keepdim\n"
    "in 2,3,4\n"
    "v1 = prod v0 [-1] 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_prod_lastdim_keepdim_in, 1,
          conf_autograd_prod_lastdim_keepdim_out, 3, 0)
static const int64_t conf_autograd_prod_dims02_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_prod_dims02_in_0_data[] = {
    0.23408343818747368, 0.2283297407401883, -0.555908718714325, 0.3789049989156572,
    0.7613482695161238, 0.42881116690641075, -0.356021467801769, 0.4983764621125608,
    -0.44313913751147105, -0.08214045866872122, 0.15965819246662638, -0.6890870765707316,
    0.24774590347741143, -0.5682641186507116, -0.16017146239679314, 0.05853431989736779,
    0.14585522480569413, -0.1097970459240496, -0.40731664197666384, 0.07592602363771728,
    0.5093683307440087, -0.045673205240796655, -0.5374819407423439, -0.09034793344870606};
static const conf_array conf_autograd_prod_dims02_in[] = {
    {3, conf_autograd_prod_dims02_in_0_shape,
     conf_autograd_prod_dims02_in_0_data}};
static const int64_t conf_autograd_prod_dims02_out_0_shape[] = {3};
static const double conf_autograd_prod_dims02_out_0_data[] = {
    -1.4860021093875505e-05, -2.868921186646128e-05, 4.5241612450135285e-06};
static const int64_t conf_autograd_prod_dims02_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_prod_dims02_out_1_data[] = {
    3.1740863875158803e-05, 3.2540704171307266e-05, -1.336552260616e-05, 1.9609164746310576e-05,
    -4.710264181183264e-05, -8.363008615608995e-05, 0.00010072851801466117,
    -7.195667845360059e-05, -2.552336761778583e-06, -1.376958845354096e-05,
    7.0841357639057915e-06, -1.6413605039323155e-06, 2.9990447642720332e-05,
    -1.3074924675130988e-05, -4.638785483853153e-05, 0.0001269342594219134,
    -0.0002458706219187602, 0.0003266163905528319, 8.804333321379782e-05, -0.0004723217826366178,
    2.2204763095525167e-06, -2.4763760399349064e-05, -2.1043317468327296e-06,
    -1.2518718116508071e-05};
static const int64_t conf_autograd_prod_dims02_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_prod_dims02_out_2_data[] = {
    -0.001001073125223227, -0.000883782963199885, 0.00040350239081244363, -0.0006055141750553296,
    -0.0006257253803608867, -0.0008761469364188494, 0.001031264705819332, -0.0006572757947069829,
    -7.900289757109325e-06, 9.087297614989611e-05, -2.6439560038090036e-05,
    -4.1545451887714105e-06, -0.0008248136034477091, 0.0003951128324908236, 0.0015354270920603717,
    -0.001292691448104503, -0.002019683029513306, 0.002315257535842244, 0.0012952350712268758,
    -0.003943788615019546, 8.889835424518371e-06, -0.0006048755206101378, -5.326399236144512e-06,
    0.00010687432849118333};
static const conf_array conf_autograd_prod_dims02_out[] = {
    {1, conf_autograd_prod_dims02_out_0_shape,
     conf_autograd_prod_dims02_out_0_data},
    {3, conf_autograd_prod_dims02_out_1_shape,
     conf_autograd_prod_dims02_out_1_data},
    {3, conf_autograd_prod_dims02_out_2_shape,
     conf_autograd_prod_dims02_out_2_data}};
CONF_PROG(conf_autograd_prod_dims02,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo prod)",
          CONF_EAGER,
    "prog conf_autograd_prod_dims02\n"
    "in 2,3,4\n"
    "v1 = prod v0 [0,2] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_prod_dims02_in, 1,
          conf_autograd_prod_dims02_out, 3, 0)
static const int64_t conf_autograd_prod_all_keepdim_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_prod_all_keepdim_in_0_data[] = {
    -0.10735331736015397, -0.5852915781762793, -0.26998447039689, -0.6828534418329526,
    0.17733018253539767, -0.46505405798349975, 0.3103336344604677, 0.5809341785363291,
    0.7558672566208862, 0.18177109920196932, 0.7150054832629478, -0.4394838353342596,
    0.2532323638855085, 0.2339946839981193, -0.4973207812184054, -0.01942030089920288,
    0.46561570093997506, -0.558452929625674, -0.7284910819110867, -0.3169685964777035,
    -0.15822187883850225, -0.5343234063121157, -0.2596690106080951, -0.15351160948740328};
static const conf_array conf_autograd_prod_all_keepdim_in[] = {
    {3, conf_autograd_prod_all_keepdim_in_0_shape,
     conf_autograd_prod_all_keepdim_in_0_data}};
static const int64_t conf_autograd_prod_all_keepdim_out_0_shape[] = {1, 1, 1};
static const double conf_autograd_prod_all_keepdim_out_0_data[] = {
    -8.610394783131757e-13};
static const int64_t conf_autograd_prod_all_keepdim_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_prod_all_keepdim_out_1_data[] = {
    -4.010306805073009e-12, -7.355645548464104e-13, -1.5946092696505965e-12,
    -6.304716543581639e-13, 2.42778602605143e-12, -9.257412805370313e-13, 1.3872803052916593e-12,
    7.410817869957104e-13, 5.69570563330434e-13, 2.3684718915531735e-12, 6.021208917054717e-13,
    -9.796031265385361e-13, 1.7000976200310423e-12, 1.8398697431948846e-12,
    -8.656781606870337e-13, -2.2168541125655725e-11, 9.246246170124067e-13,
    -7.709149980557203e-13, -5.909746184224851e-13, -1.3582409864595904e-12,
    -2.720987402734746e-12, -8.057287666434497e-13, -1.6579557882105111e-12,
    -2.8044767467043924e-12};
static const int64_t conf_autograd_prod_all_keepdim_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_prod_all_keepdim_out_2_data[] = {
    -2.497954898122242e-10, -4.45603711219732e-11, -1.0375534342403211e-10,
    -3.904023168983138e-11, 1.6833630123598606e-10, -5.865822406001498e-11, 8.864657771762423e-11,
    4.456618876243846e-11, 3.5289241091564897e-11, 1.5730073998090185e-10, 3.666301058505433e-11,
    -6.101788583998998e-11, 1.1260990370832192e-10, 1.0870534215108533e-10,
    -5.348651405156807e-11, 4.604984849434312e-11, 5.6600458556783164e-11, -4.732881786766765e-11,
    -3.782488687944988e-11, -8.567389653527376e-11, -1.565879139014924e-10,
    -5.1695476809142975e-11, -1.0327137008050362e-10, -1.564174711373394e-10};
static const conf_array conf_autograd_prod_all_keepdim_out[] = {
    {3, conf_autograd_prod_all_keepdim_out_0_shape,
     conf_autograd_prod_all_keepdim_out_0_data},
    {3, conf_autograd_prod_all_keepdim_out_1_shape,
     conf_autograd_prod_all_keepdim_out_1_data},
    {3, conf_autograd_prod_all_keepdim_out_2_shape,
     conf_autograd_prod_all_keepdim_out_2_data}};
CONF_PROG(conf_autograd_prod_all_keepdim,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo prod)",
          CONF_EAGER,
    "prog conf_autograd_prod_all_keepdim\n"
    "in 2,3,4\n"
    "v1 = prod v0 [] 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_prod_all_keepdim_in, 1,
          conf_autograd_prod_all_keepdim_out, 3, 0)
static const int64_t conf_autograd_amax_all_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_amax_all_in_0_data[] = {
    0.3923399064900469, -1.092761147235103, -0.24183114246721826, -1.2973664637716138,
    2.4250479119992625, -0.49675865828128773, 1.2661251687271275, 0.07554193030713548,
    -0.02579097443291243, 1.5045408202348305, -0.3707410640264103, -1.3317475312528844,
    1.95799152204782, 0.6972993241318458, 0.43307909133049743, -0.5184312257514162,
    0.21342167260873188, -0.20579133444953823, 0.6551247588664492, 0.8619910673931812,
    -0.9452165283915583, 1.7530037380387664, -0.3850454722091608, -1.4434161848914977};
static const conf_array conf_autograd_amax_all_in[] = {
    {3, conf_autograd_amax_all_in_0_shape,
     conf_autograd_amax_all_in_0_data}};
static const int64_t conf_autograd_amax_all_out_0_shape[] = {0};
static const double conf_autograd_amax_all_out_0_data[] = {
    2.4250479119992625};
static const int64_t conf_autograd_amax_all_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_amax_all_out_1_data[] = {
    -0.0, -0.0, -0.0, -0.0, -0.5, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0,
    -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0};
static const int64_t conf_autograd_amax_all_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_amax_all_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_amax_all_out[] = {
    {0, conf_autograd_amax_all_out_0_shape,
     conf_autograd_amax_all_out_0_data},
    {3, conf_autograd_amax_all_out_1_shape,
     conf_autograd_amax_all_out_1_data},
    {3, conf_autograd_amax_all_out_2_shape,
     conf_autograd_amax_all_out_2_data}};
CONF_PROG(conf_autograd_amax_all,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo amax)",
          CONF_EAGER,
    "prog conf_autograd_amax_all\n"
    "in 2,3,4\n"
    "v1 = amax v0 [] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_amax_all_in, 1,
          conf_autograd_amax_all_out, 3, 0)
static const int64_t conf_autograd_amax_dim0_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_amax_dim0_in_0_data[] = {
    0.38120015375040917, 0.978527256333393, -1.79508162623739, -0.27806172684985964,
    2.6672230874376295, -0.7905667446115516, -0.13834747032183128, -1.2775621337573275,
    -0.5673304440525336, -2.3144030208993303, 1.7755521194462278, 0.01745136308502852,
    1.246903814315354, -0.6695395829940447, 1.4743770721009504, -0.6897383142087464,
    -0.15296210080406772, -0.28402631878207996, -0.015636775080885613, 1.6863466598729442,
    -2.49425583980823, 0.9933542148051657, 0.7238679023594362, 0.9736959503524242};
static const conf_array conf_autograd_amax_dim0_in[] = {
    {3, conf_autograd_amax_dim0_in_0_shape,
     conf_autograd_amax_dim0_in_0_data}};
static const int64_t conf_autograd_amax_dim0_out_0_shape[] = {3, 4};
static const double conf_autograd_amax_dim0_out_0_data[] = {
    1.246903814315354, 0.978527256333393, 1.4743770721009504, -0.27806172684985964,
    2.6672230874376295, -0.28402631878207996, -0.015636775080885613, 1.6863466598729442,
    -0.5673304440525336, 0.9933542148051657, 1.7755521194462278, 0.9736959503524242};
static const int64_t conf_autograd_amax_dim0_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_amax_dim0_out_1_data[] = {
    -0.0, 1.25, 0.0, -0.75, 1.0, 0.0, -0.0, 0.0, -0.25, -0.0, 0.5, -0.0, -0.5, 0.0, 0.25, -0.0,
    0.0, 0.0, -1.0, 0.75, -0.0, -1.25, 0.0, -0.5};
static const int64_t conf_autograd_amax_dim0_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_amax_dim0_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_amax_dim0_out[] = {
    {2, conf_autograd_amax_dim0_out_0_shape,
     conf_autograd_amax_dim0_out_0_data},
    {3, conf_autograd_amax_dim0_out_1_shape,
     conf_autograd_amax_dim0_out_1_data},
    {3, conf_autograd_amax_dim0_out_2_shape,
     conf_autograd_amax_dim0_out_2_data}};
CONF_PROG(conf_autograd_amax_dim0,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo amax)",
          CONF_EAGER,
    "prog conf_autograd_amax_dim0\n"
    "in 2,3,4\n"
    "v1 = amax v0 [0] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_amax_dim0_in, 1,
          conf_autograd_amax_dim0_out, 3, 0)
static const int64_t conf_autograd_amax_lastdim_keepdim_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_amax_lastdim_keepdim_in_0_data[] = {
    -1.6018428149965724, -2.3198389836503344, 0.9429423118941972, 0.0368863384235587,
    -0.44488390191477173, 0.16330367275910299, 0.020883086011012117, -1.7685981690381034,
    -0.7213415215948755, -0.08261231119325632, -0.16909188747502144, 2.960082256838002,
    0.10674406212637061, 1.0222790731716367, 0.35585086841154473, -0.005904777494973418,
    -0.06756669991784732, 0.4304624316912739, 0.40171438168731266, 1.103558411499432,
    0.763407645145476, -1.896187621678893, 0.1331650432733043, 0.6707874729688408};
static const conf_array conf_autograd_amax_lastdim_keepdim_in[] = {
    {3, conf_autograd_amax_lastdim_keepdim_in_0_shape,
     conf_autograd_amax_lastdim_keepdim_in_0_data}};
static const int64_t conf_autograd_amax_lastdim_keepdim_out_0_shape[] = {2, 3, 1};
static const double conf_autograd_amax_lastdim_keepdim_out_0_data[] = {
    0.9429423118941972, 0.16330367275910299, 2.960082256838002, 1.0222790731716367,
    1.103558411499432, 0.763407645145476};
static const int64_t conf_autograd_amax_lastdim_keepdim_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_amax_lastdim_keepdim_out_1_data[] = {
    -0.0, -0.0, -0.5, -0.0, 0.0, 1.25, 0.0, 0.0, 0.0, 0.0, 0.0, 0.25, -0.0, -0.75, -0.0, -0.0,
    0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_amax_lastdim_keepdim_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_amax_lastdim_keepdim_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_amax_lastdim_keepdim_out[] = {
    {3, conf_autograd_amax_lastdim_keepdim_out_0_shape,
     conf_autograd_amax_lastdim_keepdim_out_0_data},
    {3, conf_autograd_amax_lastdim_keepdim_out_1_shape,
     conf_autograd_amax_lastdim_keepdim_out_1_data},
    {3, conf_autograd_amax_lastdim_keepdim_out_2_shape,
     conf_autograd_amax_lastdim_keepdim_out_2_data}};
CONF_PROG(conf_autograd_amax_lastdim_keepdim,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo amax)",
          CONF_EAGER,
    "prog conf_autograd_amax_lastdim_keepdim\n"
    "in 2,3,4\n"
    "v1 = amax v0 [-1] 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_amax_lastdim_keepdim_in, 1,
          conf_autograd_amax_lastdim_keepdim_out, 3, 0)
static const int64_t conf_autograd_amax_dims02_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_amax_dims02_in_0_data[] = {
    -1.3974317927846385, 1.9242226787500805, 0.4181490550213955, 0.38879314744200205,
    1.8363086822307566, -0.09237692728314374, 0.672602908522652, -1.3733390273619983,
    0.6821505867245132, -1.6443455183403033, 0.9209230493469474, 0.6959981061439227,
    -0.07169794837208635, -0.7442885573510447, -1.0532598941327067, -0.8468422119028723,
    -0.1122393210553155, -1.4974541971856514, -0.4501187528073656, 0.12739805470097326,
    1.8081366087747894, 0.7593066164093927, 0.004372227472227821, 0.3639548154099162};
static const conf_array conf_autograd_amax_dims02_in[] = {
    {3, conf_autograd_amax_dims02_in_0_shape,
     conf_autograd_amax_dims02_in_0_data}};
static const int64_t conf_autograd_amax_dims02_out_0_shape[] = {3};
static const double conf_autograd_amax_dims02_out_0_data[] = {
    1.9242226787500805, 1.8363086822307566, 1.8081366087747894};
static const int64_t conf_autograd_amax_dims02_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_amax_dims02_out_1_data[] = {
    -0.0, -0.5, -0.0, -0.0, 1.25, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.0, -0.0, -0.0, -0.0, 0.0,
    0.0, 0.0, 0.0, 0.25, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_amax_dims02_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_amax_dims02_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_amax_dims02_out[] = {
    {1, conf_autograd_amax_dims02_out_0_shape,
     conf_autograd_amax_dims02_out_0_data},
    {3, conf_autograd_amax_dims02_out_1_shape,
     conf_autograd_amax_dims02_out_1_data},
    {3, conf_autograd_amax_dims02_out_2_shape,
     conf_autograd_amax_dims02_out_2_data}};
CONF_PROG(conf_autograd_amax_dims02,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo amax)",
          CONF_EAGER,
    "prog conf_autograd_amax_dims02\n"
    "in 2,3,4\n"
    "v1 = amax v0 [0,2] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_amax_dims02_in, 1,
          conf_autograd_amax_dims02_out, 3, 0)
static const int64_t conf_autograd_amax_all_keepdim_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_amax_all_keepdim_in_0_data[] = {
    -1.0991449925992027, -1.575993516244707, -0.7924729127768444, -1.8226832783305809,
    -0.6078563333444715, 0.45104624170609925, 0.500350664803698, 0.08718778203892512,
    0.4453251820339627, -0.2967874462178158, -0.28089914147125156, -0.7765552288151152,
    0.1513640777315215, 0.141743038045498, -0.42158665658851613, 0.5101356471565986,
    0.9533028987921917, -0.015109500268633521, 0.9122633959386913, 0.4404531857558434,
    0.6097977743950025, -2.7101793600000676, -1.2372890957168383, -1.9065481852862505};
static const conf_array conf_autograd_amax_all_keepdim_in[] = {
    {3, conf_autograd_amax_all_keepdim_in_0_shape,
     conf_autograd_amax_all_keepdim_in_0_data}};
static const int64_t conf_autograd_amax_all_keepdim_out_0_shape[] = {1, 1, 1};
static const double conf_autograd_amax_all_keepdim_out_0_data[] = {
    0.9533028987921917};
static const int64_t conf_autograd_amax_all_keepdim_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_amax_all_keepdim_out_1_data[] = {
    -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0,
    -0.0, -0.5, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0};
static const int64_t conf_autograd_amax_all_keepdim_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_amax_all_keepdim_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_amax_all_keepdim_out[] = {
    {3, conf_autograd_amax_all_keepdim_out_0_shape,
     conf_autograd_amax_all_keepdim_out_0_data},
    {3, conf_autograd_amax_all_keepdim_out_1_shape,
     conf_autograd_amax_all_keepdim_out_1_data},
    {3, conf_autograd_amax_all_keepdim_out_2_shape,
     conf_autograd_amax_all_keepdim_out_2_data}};
CONF_PROG(conf_autograd_amax_all_keepdim,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo amax)",
          CONF_EAGER,
    "prog conf_autograd_amax_all_keepdim\n"
    "in 2,3,4\n"
    "v1 = amax v0 [] 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_amax_all_keepdim_in, 1,
          conf_autograd_amax_all_keepdim_out, 3, 0)
static const int64_t conf_autograd_amin_all_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_amin_all_in_0_data[] = {
    0.36117159542231886, 0.727089931513603, -0.08978984468106245, -1.2103739533623894,
    -0.6034966182110781, -1.4280994239179028, 0.335875326501708, -0.14609836974661122,
    1.1007672985604726, -1.5456821516233181, 1.0040007181805795, -0.9328249111596006,
    0.9711979123046309, -0.03461330790854677, 2.2051620035519566, 0.6590538733950064,
    -2.3996092557858546, -1.9913895807357447, -0.7694774317265763, 0.4669214854059392,
    0.5126114879115412, -0.562022841379804, 0.8589620467428266, -0.46958784451628305};
static const conf_array conf_autograd_amin_all_in[] = {
    {3, conf_autograd_amin_all_in_0_shape,
     conf_autograd_amin_all_in_0_data}};
static const int64_t conf_autograd_amin_all_out_0_shape[] = {0};
static const double conf_autograd_amin_all_out_0_data[] = {
    -2.3996092557858546};
static const int64_t conf_autograd_amin_all_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_amin_all_out_1_data[] = {
    -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0,
    -0.0, -0.5, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0};
static const int64_t conf_autograd_amin_all_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_amin_all_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_amin_all_out[] = {
    {0, conf_autograd_amin_all_out_0_shape,
     conf_autograd_amin_all_out_0_data},
    {3, conf_autograd_amin_all_out_1_shape,
     conf_autograd_amin_all_out_1_data},
    {3, conf_autograd_amin_all_out_2_shape,
     conf_autograd_amin_all_out_2_data}};
CONF_PROG(conf_autograd_amin_all,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo amin)",
          CONF_EAGER,
    "prog conf_autograd_amin_all\n"
    "in 2,3,4\n"
    "v1 = amin v0 [] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_amin_all_in, 1,
          conf_autograd_amin_all_out, 3, 0)
static const int64_t conf_autograd_amin_dim0_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_amin_dim0_in_0_data[] = {
    0.9068618471382399, 1.254950769295809, 0.2939262835027756, -2.2767647700452662,
    -0.7593494071765096, -1.0152521525256302, 0.06329541276403503, 1.305854731101723,
    -0.31037410117251807, 0.6739981740035949, 0.5483221719236486, -0.7700828072574236,
    0.7787107530918178, 0.2740829443826054, -0.49007659591964914, 1.9028781928530556,
    -0.6669522353975579, 0.3855466206291798, 0.6658131897758356, -0.33872037219066525,
    0.9346894451549345, -0.8464104615742153, -1.6031233672438412, -0.9020408927427235};
static const conf_array conf_autograd_amin_dim0_in[] = {
    {3, conf_autograd_amin_dim0_in_0_shape,
     conf_autograd_amin_dim0_in_0_data}};
static const int64_t conf_autograd_amin_dim0_out_0_shape[] = {3, 4};
static const double conf_autograd_amin_dim0_out_0_data[] = {
    0.7787107530918178, 0.2740829443826054, -0.49007659591964914, -2.2767647700452662,
    -0.7593494071765096, -1.0152521525256302, 0.06329541276403503, -0.33872037219066525,
    -0.31037410117251807, -0.8464104615742153, -1.6031233672438412, -0.9020408927427235};
static const int64_t conf_autograd_amin_dim0_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_amin_dim0_out_1_data[] = {
    -0.0, 0.0, 0.0, -0.75, 1.0, 0.0, -1.0, 0.0, -0.25, -0.0, 0.0, -0.0, -0.5, 1.25, 0.25, -0.0,
    0.0, 0.0, -0.0, 0.75, -0.0, -1.25, 0.5, -0.5};
static const int64_t conf_autograd_amin_dim0_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_amin_dim0_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_amin_dim0_out[] = {
    {2, conf_autograd_amin_dim0_out_0_shape,
     conf_autograd_amin_dim0_out_0_data},
    {3, conf_autograd_amin_dim0_out_1_shape,
     conf_autograd_amin_dim0_out_1_data},
    {3, conf_autograd_amin_dim0_out_2_shape,
     conf_autograd_amin_dim0_out_2_data}};
CONF_PROG(conf_autograd_amin_dim0,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo amin)",
          CONF_EAGER,
    "prog conf_autograd_amin_dim0\n"
    "in 2,3,4\n"
    "v1 = amin v0 [0] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_amin_dim0_in, 1,
          conf_autograd_amin_dim0_out, 3, 0)
static const int64_t conf_autograd_amin_lastdim_keepdim_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_amin_lastdim_keepdim_in_0_data[] = {
    0.8144769398151163, 1.8127068386052165, -2.4462615999210127, 0.3429819400229944,
    -1.0948500360905493, 1.469733450186411, 0.6120178901226239, -0.4021824954213764,
    1.265152802404748, -0.04138405492307769, -0.21017830080571206, -0.3642327615096416,
    0.06109212588687879, 0.7369607419085178, -1.2687617756380198, -2.012889891228709,
    0.034310019813869025, -1.0620497364408854, -0.878898366856631, 0.14599792819410862,
    -1.3886859294891891, 0.9243816207118181, -1.5398491571198796, 0.17495478655246327};
static const conf_array conf_autograd_amin_lastdim_keepdim_in[] = {
    {3, conf_autograd_amin_lastdim_keepdim_in_0_shape,
     conf_autograd_amin_lastdim_keepdim_in_0_data}};
static const int64_t conf_autograd_amin_lastdim_keepdim_out_0_shape[] = {2, 3, 1};
static const double conf_autograd_amin_lastdim_keepdim_out_0_data[] = {
    -2.4462615999210127, -1.0948500360905493, -0.3642327615096416, -2.012889891228709,
    -1.0620497364408854, -1.5398491571198796};
static const int64_t conf_autograd_amin_lastdim_keepdim_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_amin_lastdim_keepdim_out_1_data[] = {
    -0.0, -0.0, -0.5, -0.0, 1.25, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.25, -0.0, -0.0, -0.0, -0.75,
    0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_amin_lastdim_keepdim_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_amin_lastdim_keepdim_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_amin_lastdim_keepdim_out[] = {
    {3, conf_autograd_amin_lastdim_keepdim_out_0_shape,
     conf_autograd_amin_lastdim_keepdim_out_0_data},
    {3, conf_autograd_amin_lastdim_keepdim_out_1_shape,
     conf_autograd_amin_lastdim_keepdim_out_1_data},
    {3, conf_autograd_amin_lastdim_keepdim_out_2_shape,
     conf_autograd_amin_lastdim_keepdim_out_2_data}};
CONF_PROG(conf_autograd_amin_lastdim_keepdim,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo amin)",
          CONF_EAGER,
    "prog conf_autograd_amin_lastdim_keepdim\n"
    "in 2,3,4\n"
    "v1 = amin v0 [-1] 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_amin_lastdim_keepdim_in, 1,
          conf_autograd_amin_lastdim_keepdim_out, 3, 0)
static const int64_t conf_autograd_amin_dims02_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_amin_dims02_in_0_data[] = {
    -1.4606089651158412, 0.08749444757605676, 0.7215237859792138, -0.1736824629888526,
    0.07459535704374494, -0.4751153254135001, -0.7858030791379093, 0.8964844514731486,
    -0.36678332276083436, -0.11575457886689594, -0.059976127682099686, -0.2589542660851987,
    -0.2531001956988735, 0.22734983603949163, -0.32701985490227686, -0.3488348189538468,
    0.5373956983779383, -0.16863584967184073, 1.3952183392512967, -0.1528728982089291,
    0.3213085847576267, 1.4502002256358142, -1.74646386266453, 0.22819051892577852};
static const conf_array conf_autograd_amin_dims02_in[] = {
    {3, conf_autograd_amin_dims02_in_0_shape,
     conf_autograd_amin_dims02_in_0_data}};
static const int64_t conf_autograd_amin_dims02_out_0_shape[] = {3};
static const double conf_autograd_amin_dims02_out_0_data[] = {
    -1.4606089651158412, -0.7858030791379093, -1.74646386266453};
static const int64_t conf_autograd_amin_dims02_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_amin_dims02_out_1_data[] = {
    -0.5, -0.0, -0.0, -0.0, 0.0, 0.0, 1.25, 0.0, 0.0, 0.0, 0.0, 0.0, -0.0, -0.0, -0.0, -0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.25, 0.0};
static const int64_t conf_autograd_amin_dims02_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_amin_dims02_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_amin_dims02_out[] = {
    {1, conf_autograd_amin_dims02_out_0_shape,
     conf_autograd_amin_dims02_out_0_data},
    {3, conf_autograd_amin_dims02_out_1_shape,
     conf_autograd_amin_dims02_out_1_data},
    {3, conf_autograd_amin_dims02_out_2_shape,
     conf_autograd_amin_dims02_out_2_data}};
CONF_PROG(conf_autograd_amin_dims02,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo amin)",
          CONF_EAGER,
    "prog conf_autograd_amin_dims02\n"
    "in 2,3,4\n"
    "v1 = amin v0 [0,2] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_amin_dims02_in, 1,
          conf_autograd_amin_dims02_out, 3, 0)
static const int64_t conf_autograd_amin_all_keepdim_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_amin_all_keepdim_in_0_data[] = {
    1.0361509495846362, -1.6867743935939896, -0.7023743521711241, 1.6922991440325486,
    0.5493538502302966, 0.083172248767079, 0.9106338548871893, -0.08333057872135124,
    1.4653315933232531, -0.8400582253226755, 0.1902247975622907, -0.05731118567236434,
    0.4516388838556404, 0.5581933853904035, -0.7674923183398975, -0.5431062721487552,
    -0.43743735851274723, -0.1595947575244022, -0.8992286464221486, 0.767309180751905,
    0.7924127860314211, 0.45036795593340057, -0.41446945042421773, 1.0075525891406725};
static const conf_array conf_autograd_amin_all_keepdim_in[] = {
    {3, conf_autograd_amin_all_keepdim_in_0_shape,
     conf_autograd_amin_all_keepdim_in_0_data}};
static const int64_t conf_autograd_amin_all_keepdim_out_0_shape[] = {1, 1, 1};
static const double conf_autograd_amin_all_keepdim_out_0_data[] = {
    -1.6867743935939896};
static const int64_t conf_autograd_amin_all_keepdim_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_amin_all_keepdim_out_1_data[] = {
    -0.0, -0.5, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0,
    -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0};
static const int64_t conf_autograd_amin_all_keepdim_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_amin_all_keepdim_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_amin_all_keepdim_out[] = {
    {3, conf_autograd_amin_all_keepdim_out_0_shape,
     conf_autograd_amin_all_keepdim_out_0_data},
    {3, conf_autograd_amin_all_keepdim_out_1_shape,
     conf_autograd_amin_all_keepdim_out_1_data},
    {3, conf_autograd_amin_all_keepdim_out_2_shape,
     conf_autograd_amin_all_keepdim_out_2_data}};
CONF_PROG(conf_autograd_amin_all_keepdim,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo amin)",
          CONF_EAGER,
    "prog conf_autograd_amin_all_keepdim\n"
    "in 2,3,4\n"
    "v1 = amin v0 [] 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_amin_all_keepdim_in, 1,
          conf_autograd_amin_all_keepdim_out, 3, 0)
static const int64_t conf_autograd_logsumexp_all_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_logsumexp_all_in_0_data[] = {
    0.06795418007878419, 0.2922457948392608, 0.7852585350622069, -0.8803632135787003,
    1.1520585505009062, 0.39587768763474696, 0.37680854056589347, 1.3990720834384558,
    0.13025642547750765, -0.5463046477480243, -0.07183787547237455, -1.2300800864363828,
    -0.9573031480724351, 0.6077696407239369, -0.4526675517510457, 0.35369185152952193,
    -1.6503451146264378, -0.36070334506969376, -0.7724756282307476, -0.9425985798636006,
    0.4507456075118883, -0.5525074930008388, 1.3116412478427248, 1.1343817890653158};
static const conf_array conf_autograd_logsumexp_all_in[] = {
    {3, conf_autograd_logsumexp_all_in_0_shape,
     conf_autograd_logsumexp_all_in_0_data}};
static const int64_t conf_autograd_logsumexp_all_out_0_shape[] = {0};
static const double conf_autograd_logsumexp_all_out_0_data[] = {
    3.499703023653119};
static const int64_t conf_autograd_logsumexp_all_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_logsumexp_all_out_1_data[] = {
    -0.016165175288883383, -0.0202296807413314, -0.033120870415444335, -0.006262264501733935,
    -0.04779703581184067, -0.022438601622027526, -0.02201477051963743, -0.06118959496839763,
    -0.017204336949232478, -0.00874603475693824, -0.014056250879516593, -0.004414192809929801,
    -0.005798515443061342, -0.02773443315746908, -0.009604555556173056, -0.02151169899183262,
    -0.0028995627800977477, -0.010529719943142578, -0.006975677436740901, -0.005884410082996017,
    -0.023704162894677566, -0.008691952362529794, -0.05606693936107857, -0.046959562725287035};
static const int64_t conf_autograd_logsumexp_all_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_logsumexp_all_out_2_data[] = {
    -0.0010398325146292284, 0.018928396998997284, -0.02697116840175346, 0.0011627430116878889,
    0.05667172792269376, -0.012662674429451529, 0.009591274776676453, -0.08042304322855506,
    -0.005407761315208504, 0.005996933262378774, -0.014960425838161082, -0.000283945031685742,
    0.005425523205951404, -0.02258485534451611, 0.001783321328924408, 0.02550587356963289,
    -0.0016362971316398595, 0.004587530776486774, -0.009168310532750053, -0.0018496199710311034,
    0.016253340727598535, -0.009251066292360315, -0.0036065322832278374, 0.043938866733941734};
static const conf_array conf_autograd_logsumexp_all_out[] = {
    {0, conf_autograd_logsumexp_all_out_0_shape,
     conf_autograd_logsumexp_all_out_0_data},
    {3, conf_autograd_logsumexp_all_out_1_shape,
     conf_autograd_logsumexp_all_out_1_data},
    {3, conf_autograd_logsumexp_all_out_2_shape,
     conf_autograd_logsumexp_all_out_2_data}};
CONF_PROG(conf_autograd_logsumexp_all,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo logsumexp)",
          CONF_EAGER,
    "prog conf_autograd_logsumexp_all\n"
    "in 2,3,4\n"
    "v1 = logsumexp v0 [] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_logsumexp_all_in, 1,
          conf_autograd_logsumexp_all_out, 3, 0)
static const int64_t conf_autograd_logsumexp_dim0_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_logsumexp_dim0_in_0_data[] = {
    -0.11845644731686995, 0.7536532165578228, 0.6050121283981806, 0.3936812747670051,
    -0.33295123070135585, 1.7884051486998798, 0.5418079209954911, -1.2617972926547478,
    0.33270644765528457, 0.047933238193261965, -0.2336048224172806, 0.16217253233189288,
    0.18389572410896177, 2.0076638562772127, -1.2431007713692397, -0.822316424377371,
    -1.6489101282522773, 0.14745738193884075, -1.0613212349753565, -0.7557809660244347,
    -0.43617292450654516, 0.4144035105228968, -0.33380030950936884, -0.7200092763240149};
static const conf_array conf_autograd_logsumexp_dim0_in[] = {
    {3, conf_autograd_logsumexp_dim0_in_0_shape,
     conf_autograd_logsumexp_dim0_in_0_data}};
static const int64_t conf_autograd_logsumexp_dim0_out_0_shape[] = {3, 4};
static const double conf_autograd_logsumexp_dim0_out_0_data[] = {
    0.7372506606049201, 2.2587011587832326, 0.7513041543837642, 0.6532833699476701,
    -0.0953392479588733, 1.9655435306454816, 0.725183704993603, -0.28397113879925,
    0.7135592933403432, 0.9410100043891872, 0.4106989819839317, 0.5085094676111017};
static const int64_t conf_autograd_logsumexp_dim0_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_logsumexp_dim0_out_1_data[] = {
    -0.21249128813247037, 0.27750831260493514, 0.21597634588085315, -0.5785188389949244,
    0.7885085866828824, 0.0, -0.8324552735817634, 0.28209589114945816, -0.1708196073978734,
    -0.5117427534456371, 0.2625139685188346, -0.3536370706724587, -0.28750871186752963,
    0.972491687395065, 0.034023654119146825, -0.17148116100507563, 0.21149141331711765, 0.0,
    -0.16754472641823662, 0.4679041088505419, -0.07918039260212657, -0.7382572465543629,
    0.23748603148116543, -0.14636292932754125};
static const int64_t conf_autograd_logsumexp_dim0_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_logsumexp_dim0_out_2_data[] = {
    -0.12218619306807728, -0.37782433806786275, 0.029393217960669488, -0.13227344289887735,
    -0.2918348919679301, 0.0, 0.244078609368431, 0.17599176874491554, -0.05410225431161897,
    0.528916914544094, 0.12468680118381922, -0.10351871516486356, 0.12218619306807729,
    0.3778243380678627, -0.029393217960669474, 0.13227344289887738, 0.2918348919679301, 0.0,
    -0.244078609368431, -0.17599176874491554, 0.05410225431161897, -0.528916914544094,
    -0.12468680118381924, 0.10351871516486358};
static const conf_array conf_autograd_logsumexp_dim0_out[] = {
    {2, conf_autograd_logsumexp_dim0_out_0_shape,
     conf_autograd_logsumexp_dim0_out_0_data},
    {3, conf_autograd_logsumexp_dim0_out_1_shape,
     conf_autograd_logsumexp_dim0_out_1_data},
    {3, conf_autograd_logsumexp_dim0_out_2_shape,
     conf_autograd_logsumexp_dim0_out_2_data}};
CONF_PROG(conf_autograd_logsumexp_dim0,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo logsumexp)",
          CONF_EAGER,
    "prog conf_autograd_logsumexp_dim0\n"
    "in 2,3,4\n"
    "v1 = logsumexp v0 [0] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_logsumexp_dim0_in, 1,
          conf_autograd_logsumexp_dim0_out, 3, 0)
static const int64_t conf_autograd_logsumexp_lastdim_keepdim_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_logsumexp_lastdim_keepdim_in_0_data[] = {
    -0.8414672656848201, -0.5343633687068834, -0.7762707850977266, 0.0335677916243111,
    1.1614662449221012, 0.6407753606300799, 0.6391557432390534, 0.21338587211947033,
    -0.9493577968696447, -0.19310145840420143, -0.7174538567295542, 1.070966978349483,
    -1.6637855305925369, 0.6756233385495436, 1.8233172565765334, -0.013398537574019953,
    0.0020312617793753966, -1.5425862145853262, -0.5064610553001743, -2.0547334288325527,
    0.7301849102387095, 0.031181320209407726, 1.942954684160815, -0.050718926385527954};
static const conf_array conf_autograd_logsumexp_lastdim_keepdim_in[] = {
    {3, conf_autograd_logsumexp_lastdim_keepdim_in_0_shape,
     conf_autograd_logsumexp_lastdim_keepdim_in_0_data}};
static const int64_t conf_autograd_logsumexp_lastdim_keepdim_out_0_shape[] = {2, 3, 1};
static const double conf_autograd_logsumexp_lastdim_keepdim_out_0_data[] = {
    0.9208308350614145, 2.1072158023516687, 1.5298709631180238, 2.233635265492241,
    0.6660905070802208, 2.401255529035228};
static const int64_t conf_autograd_logsumexp_lastdim_keepdim_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_logsumexp_lastdim_keepdim_out_1_data[] = {
    -0.0858249706763662, -0.11667752053601708, -0.09160688918205236, -0.2058906196055644,
    0.48548542800192585, 0.2884317208888371, 0.2879649499547577, 0.18811790115447954,
    0.0209519591576602, 0.0446336695267473, 0.026420390990372432, 0.15799398032522008,
    -0.015220640136404562, -0.15791568945911152, -0.49757942774525477, -0.07928424265922913,
    0.5147575605868779, 0.1098459090958601, 0.30957603011270585, 0.06582050020455613, 0.0, 0.0,
    0.0, 0.0};
static const int64_t conf_autograd_logsumexp_lastdim_keepdim_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_logsumexp_lastdim_keepdim_out_2_data[] = {
    -0.01706972988557862, 0.09347152648122029, -0.08692486264259466, 0.010523066046953002,
    -0.46257982815168486, 0.229932235331974, -0.058404815458052914, 0.2910524082777638,
    0.005390257847974738, -0.03315087760069965, 0.02661240079777133, 0.0011482189549535883,
    0.012779573489669292, -0.1437630818274997, 0.04459370965963391, 0.08638979867819649,
    -0.0545030393206305, -0.12147650252674885, 0.1994038065196295, -0.023424264672250096, 0.0,
    0.0, 0.0, 0.0};
static const conf_array conf_autograd_logsumexp_lastdim_keepdim_out[] = {
    {3, conf_autograd_logsumexp_lastdim_keepdim_out_0_shape,
     conf_autograd_logsumexp_lastdim_keepdim_out_0_data},
    {3, conf_autograd_logsumexp_lastdim_keepdim_out_1_shape,
     conf_autograd_logsumexp_lastdim_keepdim_out_1_data},
    {3, conf_autograd_logsumexp_lastdim_keepdim_out_2_shape,
     conf_autograd_logsumexp_lastdim_keepdim_out_2_data}};
CONF_PROG(conf_autograd_logsumexp_lastdim_keepdim,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo logsumexp)",
          CONF_EAGER,
    "prog conf_autograd_logsumexp_lastdim_keepdim\n"
    "in 2,3,4\n"
    "v1 = logsumexp v0 [-1] 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_logsumexp_lastdim_keepdim_in, 1,
          conf_autograd_logsumexp_lastdim_keepdim_out, 3, 0)
static const int64_t conf_autograd_logsumexp_dims02_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_logsumexp_dims02_in_0_data[] = {
    -1.1313822346846385, 0.9898955744359074, -0.8136691160535675, 1.6781876390997328,
    -0.3302556456238451, 0.018029322342415364, -0.06532093992602772, 1.4907234836481569,
    0.231242365265951, 0.2438264075477477, -0.39963606343445146, -0.4254211771418848,
    -0.1106186235065481, 0.5761511491587687, -0.11837863628342737, -0.954831793567527,
    0.2521076535900542, -1.27207278429242, -0.45375604446000123, -0.0706479615540021,
    -0.8919447759599187, -0.3343894120334602, -0.053402320579795895, 0.29955481353913427};
static const conf_array conf_autograd_logsumexp_dims02_in[] = {
    {3, conf_autograd_logsumexp_dims02_in_0_shape,
     conf_autograd_logsumexp_dims02_in_0_data}};
static const int64_t conf_autograd_logsumexp_dims02_out_0_shape[] = {3};
static const double conf_autograd_logsumexp_dims02_out_0_data[] = {
    2.5463390908698558, 2.327084382690918, 1.9855751829904027};
static const int64_t conf_autograd_logsumexp_dims02_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_logsumexp_dims02_out_1_data[] = {
    -0.012640257658269245, -0.10544237361123421, -0.01736748693814904, -0.20986335881987342,
    0.08766816213879426, 0.12419386472724052, 0.11426193722423343, 0.5416055295776572,
    0.04325566035773421, 0.04380343077098484, 0.02301738204154241, 0.0224314626899975,
    -0.035080674122763666, -0.06971532445883517, -0.03480950115697434, -0.015081023233900917,
    0.15694918667269267, 0.034183451862973106, 0.07748298804333785, 0.11365487975307137,
    0.014068538031103306, 0.024569266259977268, 0.03254043319167105, 0.04631382665698946};
static const int64_t conf_autograd_logsumexp_dims02_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_logsumexp_dims02_out_2_data[] = {
    -0.003924305344683109, 0.07270664293979968, -0.01841754024641383, -0.012688520509453453,
    -0.16281997551700203, -0.013317357339922127, -0.12651429004141013, 0.3481275715769973,
    0.01623250665365235, -0.02736536288432325, 0.025900745539619317, 0.0028099659905752965,
    0.024189497639111365, -0.07393037338015915, -0.0021046126004931123, 0.014169211502291602,
    -0.01682972349496377, -0.0378489569551211, 0.049803709513621404, -0.0406009777421998,
    -0.008789052402901287, 0.027647032679316057, 0.004076306206637004, -0.04051214178257548};
static const conf_array conf_autograd_logsumexp_dims02_out[] = {
    {1, conf_autograd_logsumexp_dims02_out_0_shape,
     conf_autograd_logsumexp_dims02_out_0_data},
    {3, conf_autograd_logsumexp_dims02_out_1_shape,
     conf_autograd_logsumexp_dims02_out_1_data},
    {3, conf_autograd_logsumexp_dims02_out_2_shape,
     conf_autograd_logsumexp_dims02_out_2_data}};
CONF_PROG(conf_autograd_logsumexp_dims02,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo logsumexp)",
          CONF_EAGER,
    "prog conf_autograd_logsumexp_dims02\n"
    "in 2,3,4\n"
    "v1 = logsumexp v0 [0,2] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_logsumexp_dims02_in, 1,
          conf_autograd_logsumexp_dims02_out, 3, 0)
static const int64_t conf_autograd_logsumexp_all_keepdim_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_logsumexp_all_keepdim_in_0_data[] = {
    0.1556067008512937, 0.755739410198577, -0.09597884869335893, 0.3594053707573801,
    0.506222189301079, 0.24711826663067188, 0.967543372238074, 1.944595660524334,
    -0.4101666398443361, 1.045835045460081, -0.4838899813641776, -1.6120080052821226,
    0.5312264791146792, 0.686946309524841, 0.02969446495404263, -0.6903618562897046,
    0.06111113169898134, 0.7309903189672013, -0.04394275169823725, -0.4459715863118141,
    1.0849488482022336, 0.10725389276243398, 0.38899919079668965, -0.25381798388333193};
static const conf_array conf_autograd_logsumexp_all_keepdim_in[] = {
    {3, conf_autograd_logsumexp_all_keepdim_in_0_shape,
     conf_autograd_logsumexp_all_keepdim_in_0_data}};
static const int64_t conf_autograd_logsumexp_all_keepdim_out_0_shape[] = {1, 1, 1};
static const double conf_autograd_logsumexp_all_keepdim_out_0_data[] = {
    3.658593092406612};
static const int64_t conf_autograd_logsumexp_all_keepdim_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_logsumexp_all_keepdim_out_1_data[] = {
    -0.015053668367864642, -0.027433212550098444, -0.011705234762274488, -0.018456569485304167,
    -0.02137532448551864, -0.016496253139192948, -0.03390486038349312, -0.09007211853835041,
    -0.008549291090943649, -0.03666600573217324, -0.00794168146819397, -0.002570259844828837,
    -0.02191653741877695, -0.025609447222541142, -0.013272702347360662, -0.0064601539561111474,
    -0.0136963056750557, -0.02676259824711039, -0.01233045544336097, -0.008248599428595023,
    -0.03812856940252017, -0.01434309868686245, -0.019010932279189267, -0.009996120044279596};
static const int64_t conf_autograd_logsumexp_all_keepdim_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_logsumexp_all_keepdim_out_2_data[] = {
    0.000273000216815108, 0.027930717396830642, -0.008566650130062683, 0.0049488546386633,
    0.02710679987249784, -0.007948964891951824, 0.017567299206367515, -0.11095667868968183,
    -0.0019822802764879258, 0.028164447040660987, -0.007797658050797469, 4.661199368569401e-05,
    0.022313996650703105, -0.018742654789538415, 0.0035588777552423142, 0.008192348170081179,
    -0.006599768568160118, 0.013866642293436196, -0.015189454904892902, -0.0019125604429675236,
    0.029287893574160437, -0.014082984742830523, 0.000344765708081837, 0.010177400970145063};
static const conf_array conf_autograd_logsumexp_all_keepdim_out[] = {
    {3, conf_autograd_logsumexp_all_keepdim_out_0_shape,
     conf_autograd_logsumexp_all_keepdim_out_0_data},
    {3, conf_autograd_logsumexp_all_keepdim_out_1_shape,
     conf_autograd_logsumexp_all_keepdim_out_1_data},
    {3, conf_autograd_logsumexp_all_keepdim_out_2_shape,
     conf_autograd_logsumexp_all_keepdim_out_2_data}};
CONF_PROG(conf_autograd_logsumexp_all_keepdim,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo logsumexp)",
          CONF_EAGER,
    "prog conf_autograd_logsumexp_all_keepdim\n"
    "in 2,3,4\n"
    "v1 = logsumexp v0 [] 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_logsumexp_all_keepdim_in, 1,
          conf_autograd_logsumexp_all_keepdim_out, 3, 0)
static const int64_t conf_autograd_norm_all_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_norm_all_in_0_data[] = {
    0.821730258746711, -0.9557184496413026, -1.1124938015118393, -0.5881941294618959,
    0.4785811066751537, 1.9318073263951123, 1.3361386307888894, 0.8912009943468648,
    0.6641045920799109, 0.11725277420298498, -1.043340589412791, 0.5187817042372165,
    -1.0952618565409715, -0.3811165823599757, 0.7302335103808247, 0.44725566325024474,
    0.03459308681840975, 2.3878592841305015, -0.30685258598812937, -0.8123900285515087,
    0.14179698080206046, -1.030201631626383, 0.39492375931598483, 0.28797201827659635};
static const conf_array conf_autograd_norm_all_in[] = {
    {3, conf_autograd_norm_all_in_0_shape,
     conf_autograd_norm_all_in_0_data}};
static const int64_t conf_autograd_norm_all_out_0_shape[] = {0};
static const double conf_autograd_norm_all_out_0_data[] = {
    4.623937883630073};
static const int64_t conf_autograd_norm_all_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_norm_all_out_1_data[] = {
    -0.08885610916788557, 0.10334464624025241, 0.12029722603436704, 0.06360316079766708,
    -0.051750382327739916, -0.2088920066632173, -0.1444805990494772, -0.09636818408633312,
    -0.07181158233450882, -0.012678887255178092, 0.1128194858657687, -0.056097391151580654,
    0.11843388515430535, 0.04121125672008119, -0.07896229672180922, -0.04836307001805156,
    -0.0037406521983003017, -0.25820624586936347, 0.03318087241985519, 0.0878461226120249,
    -0.015332924486730041, 0.1113987317253505, -0.042704267364200146, -0.03113926111508669};
static const int64_t conf_autograd_norm_all_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_norm_all_out_2_data[] = {
    -0.012481236354573984, 0.12264931947376591, -0.06420207024712725, 0.03596729818521667,
    0.1278970214786817, -0.08340863402147677, 0.033771900493132306, -0.1487026008949687,
    -0.037120299934434886, 0.07931875648253059, -0.09228567144255416, -0.007879759809367384,
    0.1247688401129275, -0.07531093698218953, 0.015941740145796347, 0.12837282270315462,
    -0.05459190360736756, 0.017797346904994564, -0.1305054008497726, -0.014693867245361716,
    0.07894595526164604, -0.0924852386799041, -0.005998485183662984, 0.10375894210627172};
static const conf_array conf_autograd_norm_all_out[] = {
    {0, conf_autograd_norm_all_out_0_shape,
     conf_autograd_norm_all_out_0_data},
    {3, conf_autograd_norm_all_out_1_shape,
     conf_autograd_norm_all_out_1_data},
    {3, conf_autograd_norm_all_out_2_shape,
     conf_autograd_norm_all_out_2_data}};
CONF_PROG(conf_autograd_norm_all,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo norm)",
          CONF_EAGER,
    "prog conf_autograd_norm_all\n"
    "in 2,3,4\n"
    "v1 = norm v0 [] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_norm_all_in, 1,
          conf_autograd_norm_all_out, 3, 0)
static const int64_t conf_autograd_norm_dim0_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_norm_dim0_in_0_data[] = {
    -0.6791978383122868, -0.9400849282238988, -0.35396471375219424, -0.637096220395602,
    -1.393593822390678, -1.0933867519526328, -0.3633594546781393, -0.9639528968622468,
    1.563755774371552, -0.739761751090793, -0.6648171450863639, 0.4386019151543033,
    -0.49766203485998495, -0.7091360332541752, -0.6899619404507602, -1.8260901702224832,
    1.3490624739355401, 1.5875488855667363, -0.08507075744183863, -0.29732874323104896,
    -0.07820172645406388, -0.5042085355922902, 0.3454109764181221, -0.04009941834023323};
static const conf_array conf_autograd_norm_dim0_in[] = {
    {3, conf_autograd_norm_dim0_in_0_shape,
     conf_autograd_norm_dim0_in_0_data}};
static const int64_t conf_autograd_norm_dim0_out_0_shape[] = {3, 4};
static const double conf_autograd_norm_dim0_out_0_data[] = {
    0.8420078411208913, 1.1775540692185644, 0.7754601845692989, 1.9340364277400617,
    1.939606480806491, 1.9276426155824928, 0.3731851110048777, 1.0087663599270509,
    1.565709945009218, 0.8952506329185353, 0.7491932854950744, 0.44043115617341116};
static const int64_t conf_autograd_norm_dim0_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_norm_dim0_out_1_data[] = {
    0.40332037609538773, -0.9979211918988014, -0.11411440612801772, 0.2470595478157776,
    -0.7184930738173343, -0.0, 0.9736708243791377, -0.7166819804528042, -0.24968797371379434,
    1.032897553893867, -0.44368867017210795, -0.4979233519320013, 0.29552102163175287,
    -0.7527637708865083, -0.22243628821316416, 0.7081395200333502, 0.6955341133808741, 0.0,
    0.22795860534941523, -0.22105867749139924, 0.012486624151448989, 0.7040047181376461,
    0.23052193813367605, 0.04552291292086165};
static const int64_t conf_autograd_norm_dim0_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_norm_dim0_out_2_data[] = {
    -0.28310817018032763, -0.767728642884425, 0.2241467651488201, -0.06433894123575688,
    -0.18294505126327765, 0.0, 0.8130773654205723, 0.028386461954259423, 0.005874245031987316,
    0.9819656692846236, 0.1418602248304741, 0.10293059913472329, 0.38637959845404835,
    1.017759770053522, -0.11499191609402198, 0.02244691798574283, -0.18898390415804528, 0.0,
    -3.4728660822415263, -0.09203016141367487, 0.1174639615436035, -1.440714687956868,
    0.27304027987501267, 1.1258407173246527};
static const conf_array conf_autograd_norm_dim0_out[] = {
    {2, conf_autograd_norm_dim0_out_0_shape,
     conf_autograd_norm_dim0_out_0_data},
    {3, conf_autograd_norm_dim0_out_1_shape,
     conf_autograd_norm_dim0_out_1_data},
    {3, conf_autograd_norm_dim0_out_2_shape,
     conf_autograd_norm_dim0_out_2_data}};
CONF_PROG(conf_autograd_norm_dim0,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo norm)",
          CONF_EAGER,
    "prog conf_autograd_norm_dim0\n"
    "in 2,3,4\n"
    "v1 = norm v0 [0] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_norm_dim0_in, 1,
          conf_autograd_norm_dim0_out, 3, 0)
static const int64_t conf_autograd_norm_lastdim_keepdim_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_norm_lastdim_keepdim_in_0_data[] = {
    -1.1058019119132279, -0.30984084336908785, 0.505827247715065, -0.2001725345190803,
    -0.41994260680753304, 1.1042912217199208, -1.0138330517289629, -0.7828319628084586,
    -0.9097468598755968, -1.2843412415906472, 1.6790861251896032, -0.8838621040185671,
    0.9848900030011327, 0.872548093694261, 0.3936894391861374, -0.5801837723211745,
    -0.6667431361880408, -0.5347605621472938, 0.6534572016043901, 0.7401372076745582,
    -1.137058519213734, -1.3720382209630027, 1.8018381808715558, -0.6780115794212063};
static const conf_array conf_autograd_norm_lastdim_keepdim_in[] = {
    {3, conf_autograd_norm_lastdim_keepdim_in_0_shape,
     conf_autograd_norm_lastdim_keepdim_in_0_data}};
static const int64_t conf_autograd_norm_lastdim_keepdim_out_0_shape[] = {2, 3, 1};
static const double conf_autograd_norm_lastdim_keepdim_out_0_data[] = {
    1.2707200575726378, 1.7425539400984371, 2.4653020522095215, 1.4909571013320886,
    1.3058808019857275, 2.6233016387323067};
static const int64_t conf_autograd_norm_lastdim_keepdim_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_norm_lastdim_keepdim_out_1_data[] = {
    0.4351083880841383, 0.12191546105007338, -0.19903173980007416, 0.078763427603974,
    -0.30124075153723107, 0.7921499560994503, -0.7272608815711118, -0.5615550434297003,
    -0.0922551112002927, -0.13024177305571535, 0.17027184596758904, -0.08963020405820127,
    -0.4954317609748064, -0.43892012029455124, -0.198038615011658, 0.2918513408951263,
    -0.5105696746396674, -0.4095018177264991, 0.500395748686052, 0.5667724087444295, -0.0, -0.0,
    0.0, -0.0};
static const int64_t conf_autograd_norm_lastdim_keepdim_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_norm_lastdim_keepdim_out_2_data[] = {
    -0.1992010444841473, 0.33766243704095406, -0.20398768763154546, 0.062310001751201105,
    -0.8366076104305493, 0.20072116879883486, -0.21365948377876162, 1.0086415597475995,
    0.06200830215714299, -0.02430561495506456, 0.03375201855356279, 0.03561346438844709,
    0.5690755917806667, -0.31876465117205666, 0.15215747480231168, 0.5898857910711826,
    0.6630786872752459, -0.15815298111766976, 0.6825963395952523, -0.11959715924813252, -0.0, 0.0,
    0.0, -0.0};
static const conf_array conf_autograd_norm_lastdim_keepdim_out[] = {
    {3, conf_autograd_norm_lastdim_keepdim_out_0_shape,
     conf_autograd_norm_lastdim_keepdim_out_0_data},
    {3, conf_autograd_norm_lastdim_keepdim_out_1_shape,
     conf_autograd_norm_lastdim_keepdim_out_1_data},
    {3, conf_autograd_norm_lastdim_keepdim_out_2_shape,
     conf_autograd_norm_lastdim_keepdim_out_2_data}};
CONF_PROG(conf_autograd_norm_lastdim_keepdim,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo norm)",
          CONF_EAGER,
    "prog conf_autograd_norm_lastdim_keepdim\n"
    "in 2,3,4\n"
    "v1 = norm v0 [-1] 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_norm_lastdim_keepdim_in, 1,
          conf_autograd_norm_lastdim_keepdim_out, 3, 0)
static const int64_t conf_autograd_norm_dims02_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_norm_dims02_in_0_data[] = {
    0.7285215967649061, -1.072919400006734, 0.14141386856885252, 0.07129288864458297,
    0.5617975080640324, -0.0224150622283838, 1.287940885029737, 0.49479836871527594,
    -1.7038833962884534, 0.4176451585214673, -0.4560187982447551, 0.7214034867636525,
    1.0529751169212611, -0.97728083381881, 0.05485904621393886, -0.10214006773084483,
    0.5780413035907874, 0.4628290317440716, -0.7372165997813995, -0.563466020426624,
    1.3378215992746896, 0.15055741879129525, 0.874110015035176, -0.6527627740497656};
static const conf_array conf_autograd_norm_dims02_in[] = {
    {3, conf_autograd_norm_dims02_in_0_shape,
     conf_autograd_norm_dims02_in_0_data}};
static const int64_t conf_autograd_norm_dims02_out_0_shape[] = {3};
static const double conf_autograd_norm_dims02_out_0_data[] = {
    1.945316644521167, 1.905009384897328, 2.6093340083362593};
static const int64_t conf_autograd_norm_dims02_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_norm_dims02_out_1_data[] = {
    -0.18725013195582596, 0.2757698606621518, -0.03634726227401942, -0.018324237559312992,
    0.3686317194274025, -0.014707973623442202, 0.8451014042505305, 0.32466924614517284,
    -0.16324887795553517, 0.04001453600681065, -0.043691110144185585, 0.069117587520314,
    -0.2706436301480491, 0.25118811288929377, -0.014100287058265064, 0.02625281288229204,
    0.37929032540037944, 0.3036920942577247, -0.4837355432642215, -0.3697265384187284,
    0.12817653805536566, 0.01442488948427997, 0.08374838294394117, -0.0625411284991045};
static const int64_t conf_autograd_norm_dims02_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_norm_dims02_out_2_data[] = {
    -0.025276005047542696, 0.294252427214151, -0.19767701776050567, 0.06178338950498814,
    -0.6430840473825543, 0.3210154175408055, 0.07797588603770833, 0.9762045247653633,
    -0.009501598096526155, -0.06365736543826006, 0.08685640895173806, 0.014164046042886425,
    0.2204946679671656, -0.15886398453022996, 0.062353560500703356, 0.3248281984544498,
    0.5103255555274674, -0.1821629811501537, 0.5877784259437594, -0.013606742782479808,
    -0.045590608465850224, 0.09876593479165581, 0.017162288132331473, -0.10862624168700571};
static const conf_array conf_autograd_norm_dims02_out[] = {
    {1, conf_autograd_norm_dims02_out_0_shape,
     conf_autograd_norm_dims02_out_0_data},
    {3, conf_autograd_norm_dims02_out_1_shape,
     conf_autograd_norm_dims02_out_1_data},
    {3, conf_autograd_norm_dims02_out_2_shape,
     conf_autograd_norm_dims02_out_2_data}};
CONF_PROG(conf_autograd_norm_dims02,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo norm)",
          CONF_EAGER,
    "prog conf_autograd_norm_dims02\n"
    "in 2,3,4\n"
    "v1 = norm v0 [0,2] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_norm_dims02_in, 1,
          conf_autograd_norm_dims02_out, 3, 0)
static const int64_t conf_autograd_norm_all_keepdim_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_norm_all_keepdim_in_0_data[] = {
    -0.7108121601904922, 0.44004998891606456, -1.1354751201343585, 0.3757558433271852,
    1.8741500925730405, -2.0677031443079263, -1.0726311380607192, -2.4459901344904043,
    -2.1279072471715765, 0.8935503967984018, 0.5195791996481134, 0.11903330850215339,
    -0.11118842726999185, -0.8249313806161928, -0.3105704282510992, 0.972838042208202,
    -1.3747030288364668, 0.09878993416889868, -1.272220036543689, -0.8822778691605455,
    -0.33543141912964963, -0.30204309214315805, 2.7925459315726404, -1.8331795829714326};
static const conf_array conf_autograd_norm_all_keepdim_in[] = {
    {3, conf_autograd_norm_all_keepdim_in_0_shape,
     conf_autograd_norm_all_keepdim_in_0_data}};
static const int64_t conf_autograd_norm_all_keepdim_out_0_shape[] = {1, 1, 1};
static const double conf_autograd_norm_all_keepdim_out_0_data[] = {
    6.32898571438331};
static const int64_t conf_autograd_norm_all_keepdim_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_norm_all_keepdim_out_1_data[] = {
    0.056155298200080785, -0.034764653356382444, 0.0897043516430972, -0.02968531296201531,
    -0.1480608566009108, 0.16335185743971942, 0.08473957648719667, 0.1932371350540123,
    0.16810807791331203, -0.0705919113364177, -0.041047588278427694, -0.009403821866088053,
    0.008784063694227025, 0.0651708992438904, 0.02453556085181975, -0.07685576221141735,
    0.10860373927786757, -0.007804562897368198, 0.10050741887854403, 0.06970136361308833,
    0.026499618917399763, 0.023861887652608552, -0.22061559763251443, 0.14482412077541368};
static const int64_t conf_autograd_norm_all_keepdim_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_norm_all_keepdim_out_2_data[] = {
    0.014547227097068972, 0.06999569487376592, -0.03601297311449232, 0.012060315571685729,
    0.060396315853604825, 0.0028160718423755615, 0.061452884887465795, -0.04869324235702876,
    0.023798587536192628, 0.04096411785830282, -0.08963512216110714, -0.002436093060693052,
    0.08127714287648179, -0.042368450067972005, 0.02610642324190097, 0.07884224547651444,
    -0.011366620326757636, 0.03747900076110329, -0.072715200802427, -0.0016940171990036564,
    0.06611601955013986, -0.07282009459672394, -0.0571512449008981, 0.11651879714759028};
static const conf_array conf_autograd_norm_all_keepdim_out[] = {
    {3, conf_autograd_norm_all_keepdim_out_0_shape,
     conf_autograd_norm_all_keepdim_out_0_data},
    {3, conf_autograd_norm_all_keepdim_out_1_shape,
     conf_autograd_norm_all_keepdim_out_1_data},
    {3, conf_autograd_norm_all_keepdim_out_2_shape,
     conf_autograd_norm_all_keepdim_out_2_data}};
CONF_PROG(conf_autograd_norm_all_keepdim,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo norm)",
          CONF_EAGER,
    "prog conf_autograd_norm_all_keepdim\n"
    "in 2,3,4\n"
    "v1 = norm v0 [] 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_norm_all_keepdim_in, 1,
          conf_autograd_norm_all_keepdim_out, 3, 0)
static const int64_t conf_autograd_prod_one_zero_in_0_shape[] = {4};
static const double conf_autograd_prod_one_zero_in_0_data[] = {
    0.4236160659644983, 0.7099754017668498, 0.6398203914258054, -0.10011556514196107};
static const conf_array conf_autograd_prod_one_zero_in[] = {
    {1, conf_autograd_prod_one_zero_in_0_shape,
     conf_autograd_prod_one_zero_in_0_data}};
static const int64_t conf_autograd_prod_one_zero_out_0_shape[] = {0};
static const double conf_autograd_prod_one_zero_out_0_data[] = {
    -0.0};
static const int64_t conf_autograd_prod_one_zero_out_1_shape[] = {4};
static const double conf_autograd_prod_one_zero_out_1_data[] = {
    0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_prod_one_zero_out_2_shape[] = {4};
static const double conf_autograd_prod_one_zero_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_prod_one_zero_out[] = {
    {0, conf_autograd_prod_one_zero_out_0_shape,
     conf_autograd_prod_one_zero_out_0_data},
    {1, conf_autograd_prod_one_zero_out_1_shape,
     conf_autograd_prod_one_zero_out_1_data},
    {1, conf_autograd_prod_one_zero_out_2_shape,
     conf_autograd_prod_one_zero_out_2_data}};
CONF_PROG(conf_autograd_prod_one_zero,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo prod) with one zero (FunctionsManual.cpp"
          " prod_backward)",
          CONF_EAGER,
    "prog conf_autograd_prod_one_zero\n"
    "in 4\n"
    "v1 = slice v0 0 0 1 1\n"
    "v2 = mul_scalar v1 0.0\n"
    "v3 = slice v0 0 1 4 1\n"
    "v4 = cat 0 v2 v3\n"
    "v5 = prod v4 [] 0\n"
    "out v5\n"
    "end\n",
          conf_autograd_prod_one_zero_in, 1,
          conf_autograd_prod_one_zero_out, 3, 0)
static const int64_t conf_autograd_prod_two_zeros_in_0_shape[] = {4};
static const double conf_autograd_prod_two_zeros_in_0_data[] = {
    -0.3698819290815246, 0.74279857678864, 0.512759068981101, -0.766893555897129};
static const conf_array conf_autograd_prod_two_zeros_in[] = {
    {1, conf_autograd_prod_two_zeros_in_0_shape,
     conf_autograd_prod_two_zeros_in_0_data}};
static const int64_t conf_autograd_prod_two_zeros_out_0_shape[] = {0};
static const double conf_autograd_prod_two_zeros_out_0_data[] = {
    0.0};
static const int64_t conf_autograd_prod_two_zeros_out_1_shape[] = {4};
static const double conf_autograd_prod_two_zeros_out_1_data[] = {
    0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_prod_two_zeros_out_2_shape[] = {4};
static const double conf_autograd_prod_two_zeros_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_prod_two_zeros_out[] = {
    {0, conf_autograd_prod_two_zeros_out_0_shape,
     conf_autograd_prod_two_zeros_out_0_data},
    {1, conf_autograd_prod_two_zeros_out_1_shape,
     conf_autograd_prod_two_zeros_out_1_data},
    {1, conf_autograd_prod_two_zeros_out_2_shape,
     conf_autograd_prod_two_zeros_out_2_data}};
CONF_PROG(conf_autograd_prod_two_zeros,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo prod) with two zeros"
          " (FunctionsManual.cpp prod_backward)",
          CONF_EAGER,
    "prog conf_autograd_prod_two_zeros\n"
    "in 4\n"
    "v1 = slice v0 0 0 2 1\n"
    "v2 = mul_scalar v1 0.0\n"
    "v3 = slice v0 0 2 4 1\n"
    "v4 = cat 0 v2 v3\n"
    "v5 = prod v4 [] 0\n"
    "out v5\n"
    "end\n",
          conf_autograd_prod_two_zeros_in, 1,
          conf_autograd_prod_two_zeros_out, 3, 0)
static const int64_t conf_autograd_prod_dim_zeros_in_0_shape[] = {3, 4};
static const double conf_autograd_prod_dim_zeros_in_0_data[] = {
    -1.0, -2.0, 1.0, -1.0, 1.0, 1.0, -1.0, 1.0, 1.0, -1.0, -1.0, 1.0};
static const conf_array conf_autograd_prod_dim_zeros_in[] = {
    {2, conf_autograd_prod_dim_zeros_in_0_shape,
     conf_autograd_prod_dim_zeros_in_0_data}};
static const int64_t conf_autograd_prod_dim_zeros_out_0_shape[] = {3};
static const double conf_autograd_prod_dim_zeros_out_0_data[] = {
    -2.0, -1.0, 1.0};
static const int64_t conf_autograd_prod_dim_zeros_out_1_shape[] = {3, 4};
static const double conf_autograd_prod_dim_zeros_out_1_data[] = {
    -1.0, -0.5, 1.0, -1.0, -1.25, -1.25, 1.25, -1.25, 0.25, -0.25, -0.25, 0.25};
static const int64_t conf_autograd_prod_dim_zeros_out_2_shape[] = {3, 4};
static const double conf_autograd_prod_dim_zeros_out_2_data[] = {
    -1.5, -0.5, 0.75, -1.25, -2.8125, -0.625, 0.625, 0.3125, -0.0625, 0.1875, -0.25, 0.0};
static const conf_array conf_autograd_prod_dim_zeros_out[] = {
    {1, conf_autograd_prod_dim_zeros_out_0_shape,
     conf_autograd_prod_dim_zeros_out_0_data},
    {2, conf_autograd_prod_dim_zeros_out_1_shape,
     conf_autograd_prod_dim_zeros_out_1_data},
    {2, conf_autograd_prod_dim_zeros_out_2_shape,
     conf_autograd_prod_dim_zeros_out_2_data}};
CONF_PROG(conf_autograd_prod_dim_zeros,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo prod)",
          CONF_EAGER,
    "prog conf_autograd_prod_dim_zeros\n"
    "in 3,4\n"
    "v1 = prod v0 [1] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_prod_dim_zeros_in, 1,
          conf_autograd_prod_dim_zeros_out, 3, 0)
static const int64_t conf_autograd_amax_ties_in_0_shape[] = {3, 4};
static const double conf_autograd_amax_ties_in_0_data[] = {
    2.0, 2.0, 1.0, 1.0, -2.0, 0.0, 0.0, 1.0, 1.0, -1.0, 2.0, 2.0};
static const conf_array conf_autograd_amax_ties_in[] = {
    {2, conf_autograd_amax_ties_in_0_shape,
     conf_autograd_amax_ties_in_0_data}};
static const int64_t conf_autograd_amax_ties_out_0_shape[] = {3};
static const double conf_autograd_amax_ties_out_0_data[] = {
    2.0, 1.0, 2.0};
static const int64_t conf_autograd_amax_ties_out_1_shape[] = {3, 4};
static const double conf_autograd_amax_ties_out_1_data[] = {
    -0.25, -0.25, -0.0, -0.0, 0.0, 0.0, 0.0, 1.25, 0.0, 0.0, 0.125, 0.125};
static const int64_t conf_autograd_amax_ties_out_2_shape[] = {3, 4};
static const double conf_autograd_amax_ties_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_amax_ties_out[] = {
    {1, conf_autograd_amax_ties_out_0_shape,
     conf_autograd_amax_ties_out_0_data},
    {2, conf_autograd_amax_ties_out_1_shape,
     conf_autograd_amax_ties_out_1_data},
    {2, conf_autograd_amax_ties_out_2_shape,
     conf_autograd_amax_ties_out_2_data}};
CONF_PROG(conf_autograd_amax_ties,
          "test_autograd.py method_tests amax (ties share the gradient evenly)",
          CONF_EAGER,
    "prog conf_autograd_amax_ties\n"
    "in 3,4\n"
    "v1 = amax v0 [1] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_amax_ties_in, 1,
          conf_autograd_amax_ties_out, 3, 0)
static const int64_t conf_autograd_amin_ties_all_in_0_shape[] = {3, 4};
static const double conf_autograd_amin_ties_all_in_0_data[] = {
    -1.0, -2.0, 0.0, -1.0, 1.0, -2.0, -2.0, -2.0, 0.0, -2.0, 2.0, 2.0};
static const conf_array conf_autograd_amin_ties_all_in[] = {
    {2, conf_autograd_amin_ties_all_in_0_shape,
     conf_autograd_amin_ties_all_in_0_data}};
static const int64_t conf_autograd_amin_ties_all_out_0_shape[] = {0};
static const double conf_autograd_amin_ties_all_out_0_data[] = {
    -2.0};
static const int64_t conf_autograd_amin_ties_all_out_1_shape[] = {3, 4};
static const double conf_autograd_amin_ties_all_out_1_data[] = {
    -0.0, -0.1, -0.0, -0.0, -0.0, -0.1, -0.1, -0.1, -0.0, -0.1, -0.0, -0.0};
static const int64_t conf_autograd_amin_ties_all_out_2_shape[] = {3, 4};
static const double conf_autograd_amin_ties_all_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_amin_ties_all_out[] = {
    {0, conf_autograd_amin_ties_all_out_0_shape,
     conf_autograd_amin_ties_all_out_0_data},
    {2, conf_autograd_amin_ties_all_out_1_shape,
     conf_autograd_amin_ties_all_out_1_data},
    {2, conf_autograd_amin_ties_all_out_2_shape,
     conf_autograd_amin_ties_all_out_2_data}};
CONF_PROG(conf_autograd_amin_ties_all,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo amin)",
          CONF_EAGER,
    "prog conf_autograd_amin_ties_all\n"
    "in 3,4\n"
    "v1 = amin v0 [] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_amin_ties_all_in, 1,
          conf_autograd_amin_ties_all_out, 3, 0)
static const int64_t conf_autograd_var_all_in_0_shape[] = {3, 4};
static const double conf_autograd_var_all_in_0_data[] = {
    1.3139560687436946, -0.5896034463339603, -1.8703259761688038, -1.0223658232828137,
    -1.322101270920023, -0.11797607922241322, -0.5844774663397319, -1.6621979565610003,
    0.0830285674404883, -1.7065271448530388, 1.9073623893660812, 0.34124914018503033};
static const conf_array conf_autograd_var_all_in[] = {
    {2, conf_autograd_var_all_in_0_shape,
     conf_autograd_var_all_in_0_data}};
static const int64_t conf_autograd_var_all_out_0_shape[] = {0};
static const double conf_autograd_var_all_out_0_data[] = {
    1.4434609874685447};
static const int64_t conf_autograd_var_all_out_1_shape[] = {3, 4};
static const double conf_autograd_var_all_out_1_data[] = {
    -0.15907160471871837, 0.013979260288341162, 0.13040858118241785, 0.05332129455641874,
    0.08056997161434687, -0.02889595490361767, 0.013513262107047664, 0.11148785212716299,
    -0.04716910460024508, 0.11551777833553012, -0.2130176338662081, -0.07064370212247617};
static const int64_t conf_autograd_var_all_out_2_shape[] = {3, 4};
static const double conf_autograd_var_all_out_2_data[] = {
    1.1564823173178713e-18, 0.09090909090909091, -0.06818181818181818, 0.022727272727272728,
    0.11363636363636365, -0.045454545454545456, 0.045454545454545456, -0.11363636363636365,
    -0.022727272727272728, 0.06818181818181818, -0.09090909090909091, 1.1564823173178713e-18};
static const conf_array conf_autograd_var_all_out[] = {
    {0, conf_autograd_var_all_out_0_shape,
     conf_autograd_var_all_out_0_data},
    {2, conf_autograd_var_all_out_1_shape,
     conf_autograd_var_all_out_1_data},
    {2, conf_autograd_var_all_out_2_shape,
     conf_autograd_var_all_out_2_data}};
CONF_PROG(conf_autograd_var_all,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo var)",
          CONF_EAGER,
    "prog conf_autograd_var_all\n"
    "in 3,4\n"
    "v1 = var v0 [] 1.0 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_var_all_in, 1,
          conf_autograd_var_all_out, 3, 0)
static const int64_t conf_autograd_var_dim1_in_0_shape[] = {3, 4};
static const double conf_autograd_var_dim1_in_0_data[] = {
    -1.0317423478032377, -0.6029216829771679, -0.2673347452837809, -0.4151444445718762,
    -0.9100937423548154, 0.5215776009131552, 1.0790176861882637, -0.9440961170510979,
    0.9240032759131205, 0.6766953976744265, -2.277554800256481, -2.00552937774144};
static const conf_array conf_autograd_var_dim1_in[] = {
    {2, conf_autograd_var_dim1_in_0_shape,
     conf_autograd_var_dim1_in_0_data}};
static const int64_t conf_autograd_var_dim1_out_0_shape[] = {3};
static const double conf_autograd_var_dim1_out_0_data[] = {
    0.10984380923815905, 1.0466109690700585, 2.907434889906504};
static const int64_t conf_autograd_var_dim1_out_1_shape[] = {3, 4};
static const double conf_autograd_var_dim1_out_1_data[] = {
    0.15081884754807398, 0.007878625939384043, -0.10398368662507829, -0.054713786862379835,
    -0.7055792493989098, 0.487480203324399, 0.9520136077203226, -0.7339145616458118,
    0.26576660866928564, 0.22454862896283667, -0.2678264040256479, -0.22248883360647442};
static const int64_t conf_autograd_var_dim1_out_2_shape[] = {3, 4};
static const double conf_autograd_var_dim1_out_2_data[] = {
    -0.04166666666666666, 0.29166666666666663, -0.29166666666666663, 0.04166666666666667,
    -1.0416666666666665, 0.41666666666666663, -0.41666666666666663, 1.0416666666666665,
    0.020833333333333336, -0.14583333333333331, 0.14583333333333331, -0.02083333333333333};
static const conf_array conf_autograd_var_dim1_out[] = {
    {1, conf_autograd_var_dim1_out_0_shape,
     conf_autograd_var_dim1_out_0_data},
    {2, conf_autograd_var_dim1_out_1_shape,
     conf_autograd_var_dim1_out_1_data},
    {2, conf_autograd_var_dim1_out_2_shape,
     conf_autograd_var_dim1_out_2_data}};
CONF_PROG(conf_autograd_var_dim1,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo var)",
          CONF_EAGER,
    "prog conf_autograd_var_dim1\n"
    "in 3,4\n"
    "v1 = var v0 [1] 1.0 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_var_dim1_in, 1,
          conf_autograd_var_dim1_out, 3, 0)
static const int64_t conf_autograd_var_dim0_pop_keepdim_in_0_shape[] = {3, 4};
static const double conf_autograd_var_dim0_pop_keepdim_in_0_data[] = {
    -0.014576359489003845, 0.024990040660600912, -0.2259189523862454, 0.06180621921234465,
    0.17568894744508468, 2.5292254424061102, 0.8058441531915344, 0.5987015027083695,
    -0.6968470175331202, -0.1281143725333726, 0.7847118015354667, -0.03919968033360951};
static const conf_array conf_autograd_var_dim0_pop_keepdim_in[] = {
    {2, conf_autograd_var_dim0_pop_keepdim_in_0_shape,
     conf_autograd_var_dim0_pop_keepdim_in_0_data}};
static const int64_t conf_autograd_var_dim0_pop_keepdim_out_0_shape[] = {1, 4};
static const double conf_autograd_var_dim0_pop_keepdim_out_0_data[] = {
    0.14033479422568018, 1.4840100889730632, 0.23181735589893204, 0.07837518405663564};
static const int64_t conf_autograd_var_dim0_pop_keepdim_out_1_shape[] = {3, 4};
static const double conf_autograd_var_dim0_pop_keepdim_out_1_data[] = {
    -0.054667261234447526, -0.6530919412643154, -0.11346632552774955, 0.07264823065834511,
    -0.11808903021247703, 1.4337708935236089, 0.05849419206854707, -0.1957994110896673,
    0.17275629144692456, -0.7806789522592934, 0.05497213345920247, 0.1231511804313222};
static const int64_t conf_autograd_var_dim0_pop_keepdim_out_2_shape[] = {3, 4};
static const double conf_autograd_var_dim0_pop_keepdim_out_2_data[] = {
    -0.1111111111111111, -0.4861111111111111, 0.055555555555555566, 0.29166666666666663,
    0.3055555555555555, 0.7638888888888888, -0.15277777777777776, -0.45833333333333337,
    -0.19444444444444442, -0.27777777777777785, 0.09722222222222222, 0.16666666666666666};
static const conf_array conf_autograd_var_dim0_pop_keepdim_out[] = {
    {2, conf_autograd_var_dim0_pop_keepdim_out_0_shape,
     conf_autograd_var_dim0_pop_keepdim_out_0_data},
    {2, conf_autograd_var_dim0_pop_keepdim_out_1_shape,
     conf_autograd_var_dim0_pop_keepdim_out_1_data},
    {2, conf_autograd_var_dim0_pop_keepdim_out_2_shape,
     conf_autograd_var_dim0_pop_keepdim_out_2_data}};
CONF_PROG(conf_autograd_var_dim0_pop_keepdim,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo var)",
          CONF_EAGER,
    "prog conf_autograd_var_dim0_pop_keepdim\n"
    "in 3,4\n"
    "v1 = var v0 [0] 0.0 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_var_dim0_pop_keepdim_in, 1,
          conf_autograd_var_dim0_pop_keepdim_out, 3, 0)
static const int64_t conf_autograd_var_dims_in_0_shape[] = {3, 4};
static const double conf_autograd_var_dims_in_0_data[] = {
    -1.1631817560173756, 0.7063627094462026, -0.2992202666312651, 0.7539489434096651,
    -0.8186432666038456, 0.9376929307355292, -0.6017722095981146, -0.5119558882252622,
    -0.4897921865817496, 0.16627563533651657, 1.2800407313543052, -0.2755864730975411};
static const conf_array conf_autograd_var_dims_in[] = {
    {2, conf_autograd_var_dims_in_0_shape,
     conf_autograd_var_dims_in_0_data}};
static const int64_t conf_autograd_var_dims_out_0_shape[] = {0};
static const double conf_autograd_var_dims_out_0_data[] = {
    0.6052062742725595};
static const int64_t conf_autograd_var_dims_out_1_shape[] = {3, 4};
static const double conf_autograd_var_dims_out_1_data[] = {
    0.10335113617981495, -0.06660745158960127, 0.02480918259925944, -0.07093347285900695,
    0.07202945532403948, -0.08763747170681277, 0.05231390468715485, 0.04414878456235009,
    0.042133902594758035, -0.017508626670538895, -0.1187599990357924, 0.022660655914375438};
static const int64_t conf_autograd_var_dims_out_2_shape[] = {3, 4};
static const double conf_autograd_var_dims_out_2_data[] = {
    1.1564823173178713e-18, 0.09090909090909091, -0.06818181818181818, 0.022727272727272728,
    0.11363636363636365, -0.045454545454545456, 0.045454545454545456, -0.11363636363636365,
    -0.022727272727272728, 0.06818181818181818, -0.09090909090909091, 1.1564823173178713e-18};
static const conf_array conf_autograd_var_dims_out[] = {
    {0, conf_autograd_var_dims_out_0_shape,
     conf_autograd_var_dims_out_0_data},
    {2, conf_autograd_var_dims_out_1_shape,
     conf_autograd_var_dims_out_1_data},
    {2, conf_autograd_var_dims_out_2_shape,
     conf_autograd_var_dims_out_2_data}};
CONF_PROG(conf_autograd_var_dims,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo var)",
          CONF_EAGER,
    "prog conf_autograd_var_dims\n"
    "in 3,4\n"
    "v1 = var v0 [0,1] 1.0 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_var_dims_in, 1,
          conf_autograd_var_dims_out, 3, 0)
static const int64_t conf_autograd_std_all_in_0_shape[] = {3, 4};
static const double conf_autograd_std_all_in_0_data[] = {
    -0.7228114191415345, -1.0589638032925714, 0.010782126327554603, -0.4236601626182545,
    -1.1538762528267674, 0.5695963345769733, -0.18197412427295342, -0.06245229688423051,
    0.42922980836357416, 2.128936387325949, 1.059877625669448, 0.9968503444910161};
static const conf_array conf_autograd_std_all_in[] = {
    {2, conf_autograd_std_all_in_0_shape,
     conf_autograd_std_all_in_0_data}};
static const int64_t conf_autograd_std_all_out_0_shape[] = {0};
static const double conf_autograd_std_all_out_0_data[] = {
    0.9600628690656032};
static const int64_t conf_autograd_std_all_out_1_shape[] = {3, 4};
static const double conf_autograd_std_all_out_1_data[] = {
    0.040501102363757806, 0.05641636616301118, 0.005768834059141895, 0.02633767117028182,
    0.060910032557747636, -0.020688439363212855, 0.014894952813318861, 0.009236145967535301,
    -0.014042732241685152, -0.09451599336054207, -0.04390099548796525, -0.04091694464138919};
static const int64_t conf_autograd_std_all_out_2_shape[] = {3, 4};
static const double conf_autograd_std_all_out_2_data[] = {
    -0.009920677220858216, 0.03352628982043482, -0.03692210444395571, 0.005384977605166376,
    0.04426191982618845, -0.018605093545164063, 0.020024198376649174, -0.06144410882380814,
    -0.008396602312693343, 0.05866057254266914, -0.03659190891522839, 0.010022537090599911};
static const conf_array conf_autograd_std_all_out[] = {
    {0, conf_autograd_std_all_out_0_shape,
     conf_autograd_std_all_out_0_data},
    {2, conf_autograd_std_all_out_1_shape,
     conf_autograd_std_all_out_1_data},
    {2, conf_autograd_std_all_out_2_shape,
     conf_autograd_std_all_out_2_data}};
CONF_PROG(conf_autograd_std_all,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo std)",
          CONF_EAGER,
    "prog conf_autograd_std_all\n"
    "in 3,4\n"
    "v1 = std v0 [] 1.0 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_std_all_in, 1,
          conf_autograd_std_all_out, 3, 0)
static const int64_t conf_autograd_std_dim1_in_0_shape[] = {3, 4};
static const double conf_autograd_std_dim1_in_0_data[] = {
    -1.3447158850990262, -0.1605999212158294, -0.257955214078356, -0.7262876170106471,
    0.6951220777169268, 0.1587435172805188, 1.1164362019565888, 0.47611657889938835,
    1.4903658929699275, -1.0141972976821565, -0.44188342891835797, -0.761842310691347};
static const conf_array conf_autograd_std_dim1_in[] = {
    {2, conf_autograd_std_dim1_in_0_shape,
     conf_autograd_std_dim1_in_0_data}};
static const int64_t conf_autograd_std_dim1_out_0_shape[] = {3};
static const double conf_autograd_std_dim1_out_0_data[] = {
    0.5411753225333923, 0.402189954922577, 1.1391687722637271};
static const int64_t conf_autograd_std_dim1_out_1_shape[] = {3, 4};
static const double conf_autograd_std_dim1_out_1_data[] = {
    0.22245601245780247, -0.14221815583822542, -0.11223548392370321, 0.03199762730412614,
    0.08652367155884563, -0.4691616808799694, 0.5230028765164119, -0.14036486719528796,
    0.12233007228356427, -0.0608856234963127, -0.01901928765723484, -0.04242516113001673};
static const int64_t conf_autograd_std_dim1_out_2_shape[] = {3, 4};
static const double conf_autograd_std_dim1_out_2_data[] = {
    0.002644272007293308, 0.24317356546356064, -0.2902318962267451, 0.04441405875589118,
    -1.1608042669712635, -0.2096231157245898, 0.2931251530256508, 1.0773022296702028,
    -0.015437470883023639, -0.05177402390551158, 0.0678304828330689, -0.0006189880445336884};
static const conf_array conf_autograd_std_dim1_out[] = {
    {1, conf_autograd_std_dim1_out_0_shape,
     conf_autograd_std_dim1_out_0_data},
    {2, conf_autograd_std_dim1_out_1_shape,
     conf_autograd_std_dim1_out_1_data},
    {2, conf_autograd_std_dim1_out_2_shape,
     conf_autograd_std_dim1_out_2_data}};
CONF_PROG(conf_autograd_std_dim1,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo std)",
          CONF_EAGER,
    "prog conf_autograd_std_dim1\n"
    "in 3,4\n"
    "v1 = std v0 [1] 1.0 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_std_dim1_in, 1,
          conf_autograd_std_dim1_out, 3, 0)
static const int64_t conf_autograd_std_dim0_pop_keepdim_in_0_shape[] = {3, 4};
static const double conf_autograd_std_dim0_pop_keepdim_in_0_data[] = {
    -0.35594943537247453, -0.7587251325706387, -2.2426889749380283, -1.4669233091446425,
    -0.41910667380754363, 0.051729194417077635, -0.1105412349658413, 0.5504621943050586,
    -1.142548670025824, 0.41067643029227385, -0.5701783021955429, -0.06129505581631462};
static const conf_array conf_autograd_std_dim0_pop_keepdim_in[] = {
    {2, conf_autograd_std_dim0_pop_keepdim_in_0_shape,
     conf_autograd_std_dim0_pop_keepdim_in_0_data}};
static const int64_t conf_autograd_std_dim0_pop_keepdim_out_0_shape[] = {1, 4};
static const double conf_autograd_std_dim0_pop_keepdim_out_0_data[] = {
    0.35685283530956347, 0.48912385951274345, 0.916188491588782, 0.8445828680584093};
static const int64_t conf_autograd_std_dim0_pop_keepdim_out_1_shape[] = {3, 4};
static const double conf_autograd_std_dim0_pop_keepdim_out_1_data[] = {
    -0.13229176926226152, -0.5621888594341041, -0.11535285247413483, 0.33774204661992,
    -0.10279443768939185, 0.12820744069312454, 0.07857992441864044, -0.25941235342356495,
    0.23508620695165344, 0.4339814187409795, 0.036772928055494404, -0.07832969319635515};
static const int64_t conf_autograd_std_dim0_pop_keepdim_out_2_shape[] = {3, 4};
static const double conf_autograd_std_dim0_pop_keepdim_out_2_data[] = {
    -0.2945266938075395, -0.22032762432467434, -0.014519340008939882, -0.04524599863022086,
    0.3202391803973875, 0.7177976105566969, -0.05283244728822807, -0.1039612591629692,
    -0.025712486589848038, -0.49746998623202254, 0.06735178729716797, 0.1492072577931901};
static const conf_array conf_autograd_std_dim0_pop_keepdim_out[] = {
    {2, conf_autograd_std_dim0_pop_keepdim_out_0_shape,
     conf_autograd_std_dim0_pop_keepdim_out_0_data},
    {2, conf_autograd_std_dim0_pop_keepdim_out_1_shape,
     conf_autograd_std_dim0_pop_keepdim_out_1_data},
    {2, conf_autograd_std_dim0_pop_keepdim_out_2_shape,
     conf_autograd_std_dim0_pop_keepdim_out_2_data}};
CONF_PROG(conf_autograd_std_dim0_pop_keepdim,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo std)",
          CONF_EAGER,
    "prog conf_autograd_std_dim0_pop_keepdim\n"
    "in 3,4\n"
    "v1 = std v0 [0] 0.0 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_std_dim0_pop_keepdim_in, 1,
          conf_autograd_std_dim0_pop_keepdim_out, 3, 0)
static const int64_t conf_autograd_std_dims_in_0_shape[] = {3, 4};
static const double conf_autograd_std_dims_in_0_data[] = {
    -2.210754400000578, -0.7058730603773803, 0.029513288111603017, -0.6648016946686716,
    -1.9750340857398911, -0.7114663793608895, 0.18607380354175784, -0.017843647443096182,
    -1.4695448336665977, -1.5986910676001373, 1.1293026120783132, -1.6054261230870424};
static const conf_array conf_autograd_std_dims_in[] = {
    {2, conf_autograd_std_dims_in_0_shape,
     conf_autograd_std_dims_in_0_data}};
static const int64_t conf_autograd_std_dims_out_0_shape[] = {0};
static const double conf_autograd_std_dims_out_0_data[] = {
    1.0061272298278388};
static const int64_t conf_autograd_std_dims_out_1_shape[] = {3, 4};
static const double conf_autograd_std_dims_out_1_data[] = {
    0.06367992156016068, -0.004307202958181458, -0.037530289674326124, -0.006162714074609753,
    0.05303061258463923, -0.004054509497115708, -0.04460333854332924, -0.035390810773504214,
    0.0301937550740028, 0.036028288904898044, -0.08721627603335018, 0.03633256343071601};
static const int64_t conf_autograd_std_dims_out_2_shape[] = {3, 4};
static const double conf_autograd_std_dims_out_2_data[] = {
    -0.027752485906064866, 0.04705486265552607, -0.017527140699454134, 0.013980218679160758,
    0.03336077662357803, -0.020821860903847123, 0.042027544090597696, -0.04104841723549066,
    -0.02445323922165088, 0.018181730940195415, -0.00716781508140376, -0.015834173941146567};
static const conf_array conf_autograd_std_dims_out[] = {
    {0, conf_autograd_std_dims_out_0_shape,
     conf_autograd_std_dims_out_0_data},
    {2, conf_autograd_std_dims_out_1_shape,
     conf_autograd_std_dims_out_1_data},
    {2, conf_autograd_std_dims_out_2_shape,
     conf_autograd_std_dims_out_2_data}};
CONF_PROG(conf_autograd_std_dims,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo std)",
          CONF_EAGER,
    "prog conf_autograd_std_dims\n"
    "in 3,4\n"
    "v1 = std v0 [0,1] 1.0 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_std_dims_in, 1,
          conf_autograd_std_dims_out, 3, 0)
static const int64_t conf_autograd_var_mean_differentiable_in_0_shape[] = {3, 4, 5};
static const double conf_autograd_var_mean_differentiable_in_0_data[] = {
    -2.2616761580570217, -2.131339452647742, 0.9574006939706432, 0.23814699232413278,
    0.8191093178463408, 0.5711020994447121, 1.1101165895591327, 0.23136696569562165,
    0.2592790070178247, -0.9444070451198672, -0.8584106295260312, -1.355300786991602,
    2.8134143420855877, -1.278471793351617, 0.9663232592427523, 0.49119234679209944,
    0.38930301221846086, 1.0741657286313924, -1.0178289765402597, -1.0925105289720063,
    -0.9812395888171631, -0.13688815098724366, -1.5192560806100888, -0.702007133802617,
    0.07247770992646238, 0.33817877882063213, 0.5033960114730205, 0.3630685813965908,
    1.8571696875100863, -1.7807977670058506, 1.3525348201681968, 1.6035919002017391,
    -1.2839625161570278, -0.22515122731144527, -0.6349062653906551, -0.27052730035662237,
    0.6405638070969076, -1.4230861980415184, 0.4010367462092654, -0.6640586399489824,
    0.04949042664076368, 1.3847722461574445, -2.028175723554953, 1.270442222245278,
    -1.0678110456270664, -0.09070836867509573, -0.7886145702960171, -0.4570828330649772,
    1.5263433012495982, -0.8022245075906366, -0.6714178109329483, 1.0180540298301681,
    0.5844309563931424, 0.3115320786943284, -0.32926249299516286, -1.8589501768834025,
    -0.2082300563959702, 1.3716823735830712, -1.373343913979576, -0.4817478067332416};
static const conf_array conf_autograd_var_mean_differentiable_in[] = {
    {3, conf_autograd_var_mean_differentiable_in_0_shape,
     conf_autograd_var_mean_differentiable_in_0_data}};
static const int64_t conf_autograd_var_mean_differentiable_out_0_shape[] = {4};
static const double conf_autograd_var_mean_differentiable_out_0_data[] = {
    0.38012346696153126, 0.014343505553248948, 0.04178403565807826, 0.06496308420364028};
static const int64_t conf_autograd_var_mean_differentiable_out_1_shape[] = {3, 4, 5};
static const double conf_autograd_var_mean_differentiable_out_1_data[] = {
    0.12887209521115367, 0.12425223482903698, 0.014770042616131691, 0.04026440869277268,
    0.01967186093153906, 0.021315449007208925, 0.024229919902360526, 0.0194784888186953,
    0.019629410238341295, 0.013121036103333266, 0.008433611023782582, 0.007459990757668073,
    0.01562828604858243, 0.0076105316047933354, 0.012009044885127133, 0.013104570737749401,
    0.014596824685331355, 0.004566441265953184, 0.03520544161055489, 0.03629921498628813,
    0.08348627577165547, 0.05355774762630633, 0.10255658346091658, 0.07358871888411551,
    0.046136652830594864, 0.0200560241657416, 0.02094935973421706, 0.020190604230886606,
    0.02826926309450497, 0.008598641138785874, 0.012765798459483826, 0.013257726619862261,
    0.007599772931234108, 0.00967443694564923, 0.00887155163342792, 0.024260587755280342,
    0.010916901613903717, 0.04114077027966381, 0.014424974403445378, 0.030024181142765782,
    0.04695145046577071, -0.00037839079095476624, 0.12059553640773975, 0.00367410344924924,
    0.08655485144481134, 0.017737015805844726, 0.013963411664445483, 0.015756015790493752,
    0.026480472826733686, 0.013889822239935602, 0.008800009905033747, 0.012110407582433364,
    0.01126075458405937, 0.010726029003495056, 0.0094704384629312, 0.047524360336045054,
    0.023348192865150087, 0.00020906284397898683, 0.04041225320705962, 0.02735408753884178};
static const int64_t conf_autograd_var_mean_differentiable_out_2_shape[] = {3, 4, 5};
static const double conf_autograd_var_mean_differentiable_out_2_data[] = {
    0.11307536793565735, 0.14579792061141802, 0.01923736592842251, 0.069709788863593,
    0.09301775043034022, -0.03973702821202214, -0.049864326610395526, -0.03270661970123426,
    -0.03835808752399472, -0.03322419437538682, -0.0036354097717936004, -0.006314363502401419,
    -0.002237246337942192, -0.004733539934476897, -0.0034423722095581156, 0.022974709074130753,
    -0.0007559855122056709, 0.001122041478890931, 0.014492614324654127, 0.030530723219583313,
    0.11290833081498783, 0.03323814596412669, 0.09756452889695962, 0.11593592710680403,
    0.03772541384646185, -0.041752547387954406, -0.04860642536350963, -0.03791523537375178,
    -0.05640642615485411, -0.015085674125493966, -0.0019034013743416125, -0.0034992835093113034,
    -0.004251633935440967, -0.004677840462346782, -0.007230617414622673, 0.007883684799438418,
    0.005544166247100447, 0.05866234716640968, -0.0009747359408018904, 0.033527525182657864,
    0.020482879312430285, 0.02803139604393664, 0.1347812008558374, 0.003835822998204008,
    0.08813281835308434, -0.04205197052463093, -0.026477947122728544, -0.03478827584807007,
    -0.05756458779775718, -0.027710521133848337, -0.0063037745029826805, -0.00042832167904085713,
    -0.0030156609504800253, -0.005370262132374413, -0.0028691721445544063, 0.048480812433324555,
    0.03235248941940935, -0.022731809833445873, 0.04308917770585374, 0.04111310182693496};
static const conf_array conf_autograd_var_mean_differentiable_out[] = {
    {1, conf_autograd_var_mean_differentiable_out_0_shape,
     conf_autograd_var_mean_differentiable_out_0_data},
    {3, conf_autograd_var_mean_differentiable_out_1_shape,
     conf_autograd_var_mean_differentiable_out_1_data},
    {3, conf_autograd_var_mean_differentiable_out_2_shape,
     conf_autograd_var_mean_differentiable_out_2_data}};
CONF_PROG(conf_autograd_var_mean_differentiable,
          "test_autograd.py TestAutograd.test_var_mean_differentiable",
          CONF_EAGER,
    "prog conf_autograd_var_mean_differentiable\n"
    "in 3,4,5\n"
    "v1 = var v0 [0,2] 1.0 0\n"
    "v2 = mean v0 [0,2] 0\n"
    "v3 = mul v1 v1\n"
    "v4 = mul v3 v2\n"
    "v5 = mul v4 v2\n"
    "out v5\n"
    "end\n",
          conf_autograd_var_mean_differentiable_in, 1,
          conf_autograd_var_mean_differentiable_out, 3, 0)
static const int64_t conf_autograd_matmul_mm_in_0_shape[] = {2, 3};
static const double conf_autograd_matmul_mm_in_0_data[] = {
    -0.3888199480447722, -0.39579330708317045, -0.012514629792648654, -0.10418614405705413,
    -0.41224914539770324, -0.20824107915171117};
static const int64_t conf_autograd_matmul_mm_in_1_shape[] = {3, 4};
static const double conf_autograd_matmul_mm_in_1_data[] = {
    -0.09006704159794442, -1.7318158138557567, -1.778419665686294, 0.4507027377623139,
    1.3252942058984063, -0.5467286399673756, 0.29933953483106374, -0.8549870712252824,
    2.1838354300667393, -0.6099448035573907, -0.7958928180256314, 1.1059184336871408};
static const conf_array conf_autograd_matmul_mm_in[] = {
    {2, conf_autograd_matmul_mm_in_0_shape,
     conf_autograd_matmul_mm_in_0_data},
    {2, conf_autograd_matmul_mm_in_1_shape,
     conf_autograd_matmul_mm_in_1_data}};
static const int64_t conf_autograd_matmul_mm_out_0_shape[] = {2, 4};
static const double conf_autograd_matmul_mm_out_0_data[] = {
    -0.5168526061113903, 0.8973893046667524, 0.5829687615546401, 0.1493157855747688,
    -0.9917319126582687, 0.532835190569429, 0.22762179937999222, 0.07521306099051442};
static const int64_t conf_autograd_matmul_mm_out_1_shape[] = {2, 3};
static const double conf_autograd_matmul_mm_out_1_data[] = {
    -2.902368216264033, -0.6299827157816951, -2.8827607492518714, 2.0263796774100853,
    0.38471436764838085, 3.8091670733577265};
static const int64_t conf_autograd_matmul_mm_out_2_shape[] = {3, 4};
static const double conf_autograd_matmul_mm_out_2_data[] = {
    0.09022382996533197, -0.4860249350559653, 0.0069811570458610805, 0.21347535299078854,
    -0.21435249185611802, -0.4947416338539631, 0.3133008186269106, -0.012341878735899592,
    -0.20198376425538683, -0.015643287240810818, 0.205112421703549, -0.14679483701929688};
static const int64_t conf_autograd_matmul_mm_out_3_shape[] = {2, 3};
static const double conf_autograd_matmul_mm_out_3_data[] = {
    -1.375, 2.4375, -1.3125, 2.375, -1.3125, 2.5625};
static const int64_t conf_autograd_matmul_mm_out_4_shape[] = {3, 4};
static const double conf_autograd_matmul_mm_out_4_data[] = {
    -0.25, 0.0, 0.25, -0.1875, -0.75, -1.25, 1.0, -0.1875, 0.125, 0.9375, -0.3125, -0.1875};
static const conf_array conf_autograd_matmul_mm_out[] = {
    {2, conf_autograd_matmul_mm_out_0_shape,
     conf_autograd_matmul_mm_out_0_data},
    {2, conf_autograd_matmul_mm_out_1_shape,
     conf_autograd_matmul_mm_out_1_data},
    {2, conf_autograd_matmul_mm_out_2_shape,
     conf_autograd_matmul_mm_out_2_data},
    {2, conf_autograd_matmul_mm_out_3_shape,
     conf_autograd_matmul_mm_out_3_data},
    {2, conf_autograd_matmul_mm_out_4_shape,
     conf_autograd_matmul_mm_out_4_data}};
CONF_PROG(conf_autograd_matmul_mm,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo matmul)",
          CONF_EAGER,
    "prog conf_autograd_matmul_mm\n"
    "in 2,3\n"
    "in 3,4\n"
    "v2 = matmul v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_matmul_mm_in, 2,
          conf_autograd_matmul_mm_out, 5, 0)
static const int64_t conf_autograd_matmul_mv_in_0_shape[] = {2, 3};
static const double conf_autograd_matmul_mv_in_0_data[] = {
    0.3101733404071146, -2.0836431663578736, -0.14822961376026067, -0.07049747786389013,
    -1.3118465784992013, -0.8997408216968229};
static const int64_t conf_autograd_matmul_mv_in_1_shape[] = {3};
static const double conf_autograd_matmul_mv_in_1_data[] = {
    1.4787088838452842, -1.5085214149549537, 1.954697608942262};
static const conf_array conf_autograd_matmul_mv_in[] = {
    {2, conf_autograd_matmul_mv_in_0_shape,
     conf_autograd_matmul_mv_in_0_data},
    {1, conf_autograd_matmul_mv_in_1_shape,
     conf_autograd_matmul_mv_in_1_data}};
static const int64_t conf_autograd_matmul_mv_out_0_shape[] = {2};
static const double conf_autograd_matmul_mv_out_0_data[] = {
    3.3121323399757507, 0.11598217715688341};
static const int64_t conf_autograd_matmul_mv_out_1_shape[] = {2, 3};
static const double conf_autograd_matmul_mv_out_1_data[] = {
    -0.7393544419226421, 0.7542607074774769, -0.977348804471131, 1.8483861048066053,
    -1.8856517686936922, 2.4433720111778277};
static const int64_t conf_autograd_matmul_mv_out_2_shape[] = {3};
static const double conf_autograd_matmul_mv_out_2_data[] = {
    -0.24320851753341996, -0.5979866399450648, -1.0505612202408983};
static const int64_t conf_autograd_matmul_mv_out_3_shape[] = {2, 3};
static const double conf_autograd_matmul_mv_out_3_data[] = {
    -0.375, 0.125, 0.625, 0.9375, -0.3125, -1.5625};
static const int64_t conf_autograd_matmul_mv_out_4_shape[] = {3};
static const double conf_autograd_matmul_mv_out_4_data[] = {
    -0.3125, -1.0625, 0.25};
static const conf_array conf_autograd_matmul_mv_out[] = {
    {1, conf_autograd_matmul_mv_out_0_shape,
     conf_autograd_matmul_mv_out_0_data},
    {2, conf_autograd_matmul_mv_out_1_shape,
     conf_autograd_matmul_mv_out_1_data},
    {1, conf_autograd_matmul_mv_out_2_shape,
     conf_autograd_matmul_mv_out_2_data},
    {2, conf_autograd_matmul_mv_out_3_shape,
     conf_autograd_matmul_mv_out_3_data},
    {1, conf_autograd_matmul_mv_out_4_shape,
     conf_autograd_matmul_mv_out_4_data}};
CONF_PROG(conf_autograd_matmul_mv,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo matmul)",
          CONF_EAGER,
    "prog conf_autograd_matmul_mv\n"
    "in 2,3\n"
    "in 3\n"
    "v2 = matmul v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_matmul_mv_in, 2,
          conf_autograd_matmul_mv_out, 5, 0)
static const int64_t conf_autograd_matmul_vm_in_0_shape[] = {3};
static const double conf_autograd_matmul_vm_in_0_data[] = {
    1.475616072496047, -0.788563681668483, -1.9403313504374387};
static const int64_t conf_autograd_matmul_vm_in_1_shape[] = {3, 4};
static const double conf_autograd_matmul_vm_in_1_data[] = {
    0.6194164614614157, 0.4554200357810638, -1.7636712376832793, -0.8904398258205566,
    1.4486965580058115, 1.1812915842361678, 3.1712558844432164, 0.49034282337442786,
    1.587373123862997, 1.32459592124566, 0.1808568633239291, 0.41120015589673214};
static const conf_array conf_autograd_matmul_vm_in[] = {
    {1, conf_autograd_matmul_vm_in_0_shape,
     conf_autograd_matmul_vm_in_0_data},
    {2, conf_autograd_matmul_vm_in_1_shape,
     conf_autograd_matmul_vm_in_1_data}};
static const int64_t conf_autograd_matmul_vm_out_0_shape[] = {4};
static const double conf_autograd_matmul_vm_out_0_data[] = {
    -3.308398442373613, -2.8296535089085193, -5.454161082523026, -2.498478414442443};
static const int64_t conf_autograd_matmul_vm_out_1_shape[] = {3};
static const double conf_autograd_matmul_vm_out_1_data[] = {
    0.4864788739402195, 1.177323054872287, 0.5988724385340096};
static const int64_t conf_autograd_matmul_vm_out_2_shape[] = {3, 4};
static const double conf_autograd_matmul_vm_out_2_data[] = {
    -0.7378080362480235, 1.8445200906200587, 0.36890401812401175, -1.1067120543720352,
    0.3942818408342415, -0.9857046020856037, -0.19714092041712075, 0.5914227612513623,
    0.9701656752187193, -2.4254141880467985, -0.48508283760935966, 1.455248512828079};
static const int64_t conf_autograd_matmul_vm_out_3_shape[] = {3};
static const double conf_autograd_matmul_vm_out_3_data[] = {
    -1.375, 2.4375, -1.3125};
static const int64_t conf_autograd_matmul_vm_out_4_shape[] = {3, 4};
static const double conf_autograd_matmul_vm_out_4_data[] = {
    -0.0, 0.0, 0.0, -0.0, 0.5, -1.25, -0.25, 0.75, -0.375, 0.9375, 0.1875, -0.5625};
static const conf_array conf_autograd_matmul_vm_out[] = {
    {1, conf_autograd_matmul_vm_out_0_shape,
     conf_autograd_matmul_vm_out_0_data},
    {1, conf_autograd_matmul_vm_out_1_shape,
     conf_autograd_matmul_vm_out_1_data},
    {2, conf_autograd_matmul_vm_out_2_shape,
     conf_autograd_matmul_vm_out_2_data},
    {1, conf_autograd_matmul_vm_out_3_shape,
     conf_autograd_matmul_vm_out_3_data},
    {2, conf_autograd_matmul_vm_out_4_shape,
     conf_autograd_matmul_vm_out_4_data}};
CONF_PROG(conf_autograd_matmul_vm,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo matmul)",
          CONF_EAGER,
    "prog conf_autograd_matmul_vm\n"
    "in 3\n"
    "in 3,4\n"
    "v2 = matmul v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_matmul_vm_in, 2,
          conf_autograd_matmul_vm_out, 5, 0)
static const int64_t conf_autograd_matmul_dot_in_0_shape[] = {3};
static const double conf_autograd_matmul_dot_in_0_data[] = {
    -0.8912043500126269, -0.9335663719207965, 0.061222856184887105};
static const int64_t conf_autograd_matmul_dot_in_1_shape[] = {3};
static const double conf_autograd_matmul_dot_in_1_data[] = {
    0.5341386825880134, 0.9795734677148217, -0.022969740000458806};
static const conf_array conf_autograd_matmul_dot_in[] = {
    {1, conf_autograd_matmul_dot_in_0_shape,
     conf_autograd_matmul_dot_in_0_data},
    {1, conf_autograd_matmul_dot_in_1_shape,
     conf_autograd_matmul_dot_in_1_data}};
static const int64_t conf_autograd_matmul_dot_out_0_shape[] = {0};
static const double conf_autograd_matmul_dot_out_0_data[] = {
    -1.3919298388055033};
static const int64_t conf_autograd_matmul_dot_out_1_shape[] = {3};
static const double conf_autograd_matmul_dot_out_1_data[] = {
    -0.2670693412940067, -0.48978673385741084, 0.011484870000229403};
static const int64_t conf_autograd_matmul_dot_out_2_shape[] = {3};
static const double conf_autograd_matmul_dot_out_2_data[] = {
    0.44560217500631344, 0.46678318596039825, -0.030611428092443552};
static const int64_t conf_autograd_matmul_dot_out_3_shape[] = {3};
static const double conf_autograd_matmul_dot_out_3_data[] = {
    -0.375, 0.125, 0.625};
static const int64_t conf_autograd_matmul_dot_out_4_shape[] = {3};
static const double conf_autograd_matmul_dot_out_4_data[] = {
    -0.0, 0.5, -0.375};
static const conf_array conf_autograd_matmul_dot_out[] = {
    {0, conf_autograd_matmul_dot_out_0_shape,
     conf_autograd_matmul_dot_out_0_data},
    {1, conf_autograd_matmul_dot_out_1_shape,
     conf_autograd_matmul_dot_out_1_data},
    {1, conf_autograd_matmul_dot_out_2_shape,
     conf_autograd_matmul_dot_out_2_data},
    {1, conf_autograd_matmul_dot_out_3_shape,
     conf_autograd_matmul_dot_out_3_data},
    {1, conf_autograd_matmul_dot_out_4_shape,
     conf_autograd_matmul_dot_out_4_data}};
CONF_PROG(conf_autograd_matmul_dot,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo matmul)",
          CONF_EAGER,
    "prog conf_autograd_matmul_dot\n"
    "in 3\n"
    "in 3\n"
    "v2 = matmul v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_matmul_dot_in, 2,
          conf_autograd_matmul_dot_out, 5, 0)
static const int64_t conf_autograd_matmul_batched_in_0_shape[] = {2, 2, 3};
static const double conf_autograd_matmul_batched_in_0_data[] = {
    0.32102525292862655, -1.0605663848342732, -1.1929024492497107, -0.27421082116750417,
    1.4225377058738418, 1.4085413217575267, 0.22042688052269918, -0.22426832431682414,
    1.2457278286293882, 0.41367324456839155, 0.8274132942668756, 0.047040835210284605};
static const int64_t conf_autograd_matmul_batched_in_1_shape[] = {3, 4};
static const double conf_autograd_matmul_batched_in_1_data[] = {
    1.3280322386053187, 0.7468447860934849, -0.6494942021274726, 0.8164925843642008,
    -0.4191563709932036, 1.7455526774973187, 0.5344463553512839, -0.07010894426420097,
    -1.7069442530603396, -0.6998501865449424, -0.33442601830519586, -1.4418759787321318};
static const conf_array conf_autograd_matmul_batched_in[] = {
    {3, conf_autograd_matmul_batched_in_0_shape,
     conf_autograd_matmul_batched_in_0_data},
    {2, conf_autograd_matmul_batched_in_1_shape,
     conf_autograd_matmul_batched_in_1_data}};
static const int64_t conf_autograd_matmul_batched_out_0_shape[] = {2, 2, 4};
static const double conf_autograd_matmul_batched_out_0_data[] = {
    2.9070930225685547, -0.7766654547197017, -0.3763822631673162, 2.0564873145165805,
    -3.364728067451985, 1.2925536724613493, 0.46731556490925136, -2.354565615664303,
    -1.7396504574175555, -1.0986703608063433, -0.6796291670649084, -1.600484903347781,
    0.12225976797749756, 1.7203216597595523, 0.15779796635057444, 0.21192501369954875};
static const int64_t conf_autograd_matmul_batched_out_1_shape[] = {2, 2, 3};
static const double conf_autograd_matmul_batched_out_1_data[] = {
    -0.505203125490822, 2.5777123294042217, 0.9764598728217919, 2.589895879005942,
    -1.0061844345426383, -2.4539252188042426, -1.9985574355140225, -1.774874104315605,
    1.855273776659731, 3.150364730739825, -0.5585010051448387, -3.4996993279648954};
static const int64_t conf_autograd_matmul_batched_out_2_shape[] = {3, 4};
static const double conf_autograd_matmul_batched_out_2_data[] = {
    0.027261387947997207, 0.22916627664950712, 0.15442564123471675, -0.1429672512650561,
    3.0431545972037792, -0.8385192520800926, -2.420373434940979, 2.801875524456374,
    1.7523616332378908, -3.0365276385463025, -1.1191836461629736, 1.3752597491510186};
static const int64_t conf_autograd_matmul_batched_out_3_shape[] = {2, 2, 3};
static const double conf_autograd_matmul_batched_out_3_data[] = {
    -1.375, 2.4375, -1.3125, 2.375, -1.3125, 2.5625, -0.75, -0.9375, -1.125, 2.3125, -1.25, 2.75};
static const int64_t conf_autograd_matmul_batched_out_4_shape[] = {3, 4};
static const double conf_autograd_matmul_batched_out_4_data[] = {
    -1.0625, 0.4375, 0.5625, -0.6875, 0.1875, -2.5625, 0.875, 0.1875, 0.0625, 0.625, -0.1875,
    -0.3125};
static const conf_array conf_autograd_matmul_batched_out[] = {
    {3, conf_autograd_matmul_batched_out_0_shape,
     conf_autograd_matmul_batched_out_0_data},
    {3, conf_autograd_matmul_batched_out_1_shape,
     conf_autograd_matmul_batched_out_1_data},
    {2, conf_autograd_matmul_batched_out_2_shape,
     conf_autograd_matmul_batched_out_2_data},
    {3, conf_autograd_matmul_batched_out_3_shape,
     conf_autograd_matmul_batched_out_3_data},
    {2, conf_autograd_matmul_batched_out_4_shape,
     conf_autograd_matmul_batched_out_4_data}};
CONF_PROG(conf_autograd_matmul_batched,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo matmul)",
          CONF_EAGER,
    "prog conf_autograd_matmul_batched\n"
    "in 2,2,3\n"
    "in 3,4\n"
    "v2 = matmul v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_matmul_batched_in, 2,
          conf_autograd_matmul_batched_out, 5, 0)
static const int64_t conf_autograd_matmul_broadcast_in_0_shape[] = {2, 1, 2, 3};
static const double conf_autograd_matmul_broadcast_in_0_data[] = {
    -0.8992526360331081, -1.394210207662328, 1.8233567577054304, -1.9752749598373558,
    -2.003107755418146, 0.27603227661475366, -0.04598881385693864, 2.35328619491859,
    -1.4163939746666494, -0.8971554139493378, 2.0618944897712823, -1.0582641375794772};
static const int64_t conf_autograd_matmul_broadcast_in_1_shape[] = {3, 3, 2};
static const double conf_autograd_matmul_broadcast_in_1_data[] = {
    0.8023577455361605, -0.39087522956865167, 0.16672809966836682, -0.5301993396865426,
    -0.3845407488557342, -1.1403873071963189, -0.43249172633221045, 0.5785357304132667,
    -0.41604040026215844, 1.783086256922856, 0.2993152420527889, -0.522236105719767,
    0.2802267261825828, 0.07658785094052506, -0.3451224304970246, -0.6579219192860144,
    0.7384031981243654, -0.0509718498896404};
static const conf_array conf_autograd_matmul_broadcast_in[] = {
    {4, conf_autograd_matmul_broadcast_in_0_shape,
     conf_autograd_matmul_broadcast_in_0_data},
    {3, conf_autograd_matmul_broadcast_in_1_shape,
     conf_autograd_matmul_broadcast_in_1_data}};
static const int64_t conf_autograd_matmul_broadcast_out_0_shape[] = {2, 3, 2, 2};
static const double conf_autograd_matmul_broadcast_out_0_data[] = {
    -1.655131309215963, -0.9886279909414466, -2.0249971714387565, 1.5193487580033609,
    1.514725567093361, -3.9584695736396327, 1.7702844973825722, -4.858635072670476,
    1.5755510544969318, 0.7554697619179509, 0.34161569762957866, 1.152536559022529,
    0.9001206539415061, 0.3855028122338193, 0.030881838616271085, 0.46429172156284615,
    -1.3831206543378438, 4.909198174244909, -0.7865737015509323, 3.710163007265135,
    -1.8709289866914838, -1.4796045333494277, -1.7444385859152995, -1.3713351044253252};
static const int64_t conf_autograd_matmul_broadcast_out_1_shape[] = {2, 1, 2, 3};
static const double conf_autograd_matmul_broadcast_out_1_data[] = {
    -1.4880561312824072, -0.25347061797274595, -1.0547845046837834, 1.4619588203237182,
    2.349086367030794, 0.46285049584769444, 0.01470316185680498, -1.6047838887807595,
    -1.1920265797492573, -1.5060248154888816, -2.062888462724156, -0.929852699009218};
static const int64_t conf_autograd_matmul_broadcast_out_2_shape[] = {3, 3, 2};
static const double conf_autograd_matmul_broadcast_out_2_data[] = {
    0.5711881211980452, -0.5512621925769408, 1.5915150412964032, 2.4097840954866294,
    -1.8194646748477306, 0.6598091084245827, 0.40315576334224423, -1.2111785525337437,
    2.1553184150842797, -4.37109063392502, 0.7536263779060688, 1.887984216522584,
    -0.25676059661455863, 0.9672646005949215, -4.625556314327369, 6.498327846960381,
    1.9818014860040694, -4.448239244746835};
static const int64_t conf_autograd_matmul_broadcast_out_3_shape[] = {2, 1, 2, 3};
static const double conf_autograd_matmul_broadcast_out_3_data[] = {
    1.1875, 2.75, 0.1875, 0.0625, -1.1875, 1.0, 1.3125, -2.3125, -2.5, -1.875, 1.3125, 0.375};
static const int64_t conf_autograd_matmul_broadcast_out_4_shape[] = {3, 3, 2};
static const double conf_autograd_matmul_broadcast_out_4_data[] = {
    -0.125, -0.6875, 1.0, 1.0, 0.0625, 0.625, -0.3125, 0.5, 1.0, -2.4375, 0.25, 0.125, 0.875,
    -1.0625, -2.4375, 3.75, -0.25, -1.0625};
static const conf_array conf_autograd_matmul_broadcast_out[] = {
    {4, conf_autograd_matmul_broadcast_out_0_shape,
     conf_autograd_matmul_broadcast_out_0_data},
    {4, conf_autograd_matmul_broadcast_out_1_shape,
     conf_autograd_matmul_broadcast_out_1_data},
    {3, conf_autograd_matmul_broadcast_out_2_shape,
     conf_autograd_matmul_broadcast_out_2_data},
    {4, conf_autograd_matmul_broadcast_out_3_shape,
     conf_autograd_matmul_broadcast_out_3_data},
    {3, conf_autograd_matmul_broadcast_out_4_shape,
     conf_autograd_matmul_broadcast_out_4_data}};
CONF_PROG(conf_autograd_matmul_broadcast,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo matmul)",
          CONF_EAGER,
    "prog conf_autograd_matmul_broadcast\n"
    "in 2,1,2,3\n"
    "in 3,3,2\n"
    "v2 = matmul v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_matmul_broadcast_in, 2,
          conf_autograd_matmul_broadcast_out, 5, 0)
static const int64_t conf_autograd_mm_in_0_shape[] = {2, 3};
static const double conf_autograd_mm_in_0_data[] = {
    0.7052336478738501, 0.9218564224736151, 0.062352117915700625, -0.6934790635900163,
    1.1254041377583885, -0.5886242897277069};
static const int64_t conf_autograd_mm_in_1_shape[] = {3, 4};
static const double conf_autograd_mm_in_1_data[] = {
    0.5571849502434539, -1.4136701321596907, 0.5738078548497167, 0.3482296169444783,
    0.2113222411645917, 0.03721667999982065, 1.0989642565416324, 1.4986202416826158,
    1.0546484116070434, 0.5989774385465743, -0.41904814568404486, -0.42158291670997877};
static const conf_array conf_autograd_mm_in[] = {
    {2, conf_autograd_mm_in_0_shape,
     conf_autograd_mm_in_0_data},
    {2, conf_autograd_mm_in_1_shape,
     conf_autograd_mm_in_1_data}};
static const int64_t conf_autograd_mm_out_0_shape[] = {2, 4};
static const double conf_autograd_mm_out_0_data[] = {
    0.6535139023498264, -0.9253117968352061, 1.391627325224133, 1.6008093499656029,
    -0.7693648451289229, 0.6696617758133063, 1.0855171048137302, 1.6932174171548715};
static const int64_t conf_autograd_mm_out_1_shape[] = {2, 3};
static const double conf_autograd_mm_out_1_data[] = {
    -2.1634003893172697, -0.9083643877090737, 0.432822743491169, 0.2445493081020959,
    0.23632316588492097, 1.1575093697586043};
static const int64_t conf_autograd_mm_out_2_shape[] = {3, 4};
static const double conf_autograd_mm_out_2_data[] = {
    -1.0460958875269415, 0.8815420598423127, 0.8697874755584789, -1.0490345335978999,
    0.6644759265215809, 1.1523205280920188, -0.8949400321399847, 0.15266078646358017,
    -0.6198003486855572, 0.07794014739462578, 0.604212319206632, -0.4882323057325556};
static const int64_t conf_autograd_mm_out_3_shape[] = {2, 3};
static const double conf_autograd_mm_out_3_data[] = {
    -1.375, 2.4375, -1.3125, 2.375, -1.3125, 2.5625};
static const int64_t conf_autograd_mm_out_4_shape[] = {3, 4};
static const double conf_autograd_mm_out_4_data[] = {
    -0.25, 0.0, 0.25, -0.1875, -0.75, -1.25, 1.0, -0.1875, 0.125, 0.9375, -0.3125, -0.1875};
static const conf_array conf_autograd_mm_out[] = {
    {2, conf_autograd_mm_out_0_shape,
     conf_autograd_mm_out_0_data},
    {2, conf_autograd_mm_out_1_shape,
     conf_autograd_mm_out_1_data},
    {2, conf_autograd_mm_out_2_shape,
     conf_autograd_mm_out_2_data},
    {2, conf_autograd_mm_out_3_shape,
     conf_autograd_mm_out_3_data},
    {2, conf_autograd_mm_out_4_shape,
     conf_autograd_mm_out_4_data}};
CONF_PROG(conf_autograd_mm,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo mm)",
          CONF_EAGER,
    "prog conf_autograd_mm\n"
    "in 2,3\n"
    "in 3,4\n"
    "v2 = mm v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_mm_in, 2,
          conf_autograd_mm_out, 5, 0)
static const int64_t conf_autograd_bmm_in_0_shape[] = {2, 2, 3};
static const double conf_autograd_bmm_in_0_data[] = {
    -0.834071972922569, -0.029532458560509907, 0.3723069124633269, -0.26907039202633476,
    -1.35616026487257, 1.355447391518421, 1.0337492612146228, -0.034370141736533515,
    0.9730812966041796, -0.917823290700629, 2.630279158567571, -0.6434622266854274};
static const int64_t conf_autograd_bmm_in_1_shape[] = {2, 3, 2};
static const double conf_autograd_bmm_in_1_data[] = {
    -2.7306234877077715, -0.8265829312145513, -0.4676402493036772, 1.3872882015373733,
    -0.0669280751703054, 1.2526306642257758, 0.7860755867795964, -0.12390283497799195,
    0.17488035572328461, -1.4602900922028295, -0.504387317956865, 0.4210775105944764};
static const conf_array conf_autograd_bmm_in[] = {
    {3, conf_autograd_bmm_in_0_shape,
     conf_autograd_bmm_in_0_data},
    {3, conf_autograd_bmm_in_1_shape,
     conf_autograd_bmm_in_1_data}};
static const int64_t conf_autograd_bmm_out_0_shape[] = {2, 2, 2};
static const double conf_autograd_bmm_out_0_data[] = {
    2.2664293009611445, 1.1148226799536392, 1.2782075717656578, 0.038898824853475844,
    0.3157845291309435, 0.3318485633047036, 0.06305985982877654, -3.9981971598314594};
static const int64_t conf_autograd_bmm_out_1_shape[] = {2, 2, 3};
static const double conf_autograd_bmm_out_1_data[] = {
    0.3320830798356966, 1.9679303765735552, 1.5992523678673725, -0.06271867351602944,
    -1.1573762134789494, -0.9562050169619083, 0.7860755867795964, 0.17488035572328461,
    -0.504387317956865, -0.8790027130130904, -1.2700979248754067, 0.8201954509027223};
static const int64_t conf_autograd_bmm_out_2_shape[] = {2, 3, 2};
static const double conf_autograd_bmm_out_2_data[] = {
    0.3497683884547008, -0.8407871721334601, -0.3242738369378875, 0.98020462545379,
    0.1527083916479418, -0.5512019030596571, 1.9515725519152518, -0.6883674680254717,
    -2.6646493003041045, 1.972709368925678, 1.616543523289607, -0.4825966700140706};
static const int64_t conf_autograd_bmm_out_3_shape[] = {2, 2, 3};
static const double conf_autograd_bmm_out_3_data[] = {
    -0.6875, 1.25, 1.8125, 0.375, -0.6875, -1.0625, 0.25, 1.0, -1.0, -0.8125, -1.0, 1.5625};
static const int64_t conf_autograd_bmm_out_4_shape[] = {2, 3, 2};
static const double conf_autograd_bmm_out_4_data[] = {
    -0.0625, 0.1875, 0.1875, -0.3125, -0.25, 0.5625, 0.25, -0.5625, 0.25, 0.75, 0.25, 0.0};
static const conf_array conf_autograd_bmm_out[] = {
    {3, conf_autograd_bmm_out_0_shape,
     conf_autograd_bmm_out_0_data},
    {3, conf_autograd_bmm_out_1_shape,
     conf_autograd_bmm_out_1_data},
    {3, conf_autograd_bmm_out_2_shape,
     conf_autograd_bmm_out_2_data},
    {3, conf_autograd_bmm_out_3_shape,
     conf_autograd_bmm_out_3_data},
    {3, conf_autograd_bmm_out_4_shape,
     conf_autograd_bmm_out_4_data}};
CONF_PROG(conf_autograd_bmm,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo bmm)",
          CONF_EAGER,
    "prog conf_autograd_bmm\n"
    "in 2,2,3\n"
    "in 2,3,2\n"
    "v2 = bmm v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_bmm_in, 2,
          conf_autograd_bmm_out, 5, 0)
static const int64_t conf_autograd_dot_in_0_shape[] = {4};
static const double conf_autograd_dot_in_0_data[] = {
    0.1733180278786978, -1.203177416317901, 0.22338242018166107, 0.26699149940927647};
static const int64_t conf_autograd_dot_in_1_shape[] = {4};
static const double conf_autograd_dot_in_1_data[] = {
    -0.27109473982772275, -0.48171089722227295, 0.03853134165076625, 1.1761220348866535};
static const conf_array conf_autograd_dot_in[] = {
    {1, conf_autograd_dot_in_0_shape,
     conf_autograd_dot_in_0_data},
    {1, conf_autograd_dot_in_1_shape,
     conf_autograd_dot_in_1_data}};
static const int64_t conf_autograd_dot_out_0_shape[] = {0};
static const double conf_autograd_dot_out_0_data[] = {
    0.8552198769903143};
static const int64_t conf_autograd_dot_out_1_shape[] = {4};
static const double conf_autograd_dot_out_1_data[] = {
    0.13554736991386138, 0.24085544861113647, -0.019265670825383125, -0.5880610174433267};
static const int64_t conf_autograd_dot_out_2_shape[] = {4};
static const double conf_autograd_dot_out_2_data[] = {
    -0.0866590139393489, 0.6015887081589505, -0.11169121009083054, -0.13349574970463823};
static const int64_t conf_autograd_dot_out_3_shape[] = {4};
static const double conf_autograd_dot_out_3_data[] = {
    -0.375, 0.125, 0.625, -0.25};
static const int64_t conf_autograd_dot_out_4_shape[] = {4};
static const double conf_autograd_dot_out_4_data[] = {
    -0.0, 0.5, -0.375, 0.125};
static const conf_array conf_autograd_dot_out[] = {
    {0, conf_autograd_dot_out_0_shape,
     conf_autograd_dot_out_0_data},
    {1, conf_autograd_dot_out_1_shape,
     conf_autograd_dot_out_1_data},
    {1, conf_autograd_dot_out_2_shape,
     conf_autograd_dot_out_2_data},
    {1, conf_autograd_dot_out_3_shape,
     conf_autograd_dot_out_3_data},
    {1, conf_autograd_dot_out_4_shape,
     conf_autograd_dot_out_4_data}};
CONF_PROG(conf_autograd_dot,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo dot)",
          CONF_EAGER,
    "prog conf_autograd_dot\n"
    "in 4\n"
    "in 4\n"
    "v2 = dot v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_dot_in, 2,
          conf_autograd_dot_out, 5, 0)
static const int64_t conf_autograd_outer_in_0_shape[] = {3};
static const double conf_autograd_outer_in_0_data[] = {
    -0.6963399940352211, 0.46565615816779077, 0.23571362662564666};
static const int64_t conf_autograd_outer_in_1_shape[] = {4};
static const double conf_autograd_outer_in_1_data[] = {
    0.5080499466196502, 2.7688723297335196, -0.45717959527069635, 1.2656514528429594};
static const conf_array conf_autograd_outer_in[] = {
    {1, conf_autograd_outer_in_0_shape,
     conf_autograd_outer_in_0_data},
    {1, conf_autograd_outer_in_1_shape,
     conf_autograd_outer_in_1_data}};
static const int64_t conf_autograd_outer_out_0_shape[] = {3, 4};
static const double conf_autograd_outer_out_0_data[] = {
    -0.3537754967987216, -1.9280765415709278, 0.31835243664382146, -0.8813237251233352,
    0.2365765863002575, 1.2893424515208112, -0.21288849392645795, 0.5893583931103353,
    0.11975429542468394, 0.6526609385048913, -0.10776346042050117, 0.29833129399363256};
static const int64_t conf_autograd_outer_out_1_shape[] = {3};
static const double conf_autograd_outer_out_1_data[] = {
    2.143531950407181, 1.914468131522566, -4.44951842287864};
static const int64_t conf_autograd_outer_out_2_shape[] = {4};
static const double conf_autograd_outer_out_2_data[] = {
    0.7548977485289897, -1.1650670258260847, -0.5218843433637728, 0.7536403008394355};
static const int64_t conf_autograd_outer_out_3_shape[] = {3};
static const double conf_autograd_outer_out_3_data[] = {
    -1.375, 2.375, -0.75};
static const int64_t conf_autograd_outer_out_4_shape[] = {4};
static const double conf_autograd_outer_out_4_data[] = {
    -1.1875, -0.9375, 1.375, -1.125};
static const conf_array conf_autograd_outer_out[] = {
    {2, conf_autograd_outer_out_0_shape,
     conf_autograd_outer_out_0_data},
    {1, conf_autograd_outer_out_1_shape,
     conf_autograd_outer_out_1_data},
    {1, conf_autograd_outer_out_2_shape,
     conf_autograd_outer_out_2_data},
    {1, conf_autograd_outer_out_3_shape,
     conf_autograd_outer_out_3_data},
    {1, conf_autograd_outer_out_4_shape,
     conf_autograd_outer_out_4_data}};
CONF_PROG(conf_autograd_outer,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo outer)",
          CONF_EAGER,
    "prog conf_autograd_outer\n"
    "in 3\n"
    "in 4\n"
    "v2 = outer v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_outer_in, 2,
          conf_autograd_outer_out, 5, 0)
static const int64_t conf_autograd_linear_in_0_shape[] = {2, 3};
static const double conf_autograd_linear_in_0_data[] = {
    -0.5683427693873244, 0.5543023041882809, -0.43371568250761633, -0.6530606428002211,
    -0.1514578190355075, -1.3495494788043145};
static const int64_t conf_autograd_linear_in_1_shape[] = {4, 3};
static const double conf_autograd_linear_in_1_data[] = {
    1.10622700771553, -0.43320418226389773, 1.0388023780684277, -0.9089426672995273,
    -1.2587477504453162, 0.5226845137268549, 1.9603166447505183, -0.06160733720546897,
    -0.7569746600142895, -1.4082346647189838, 0.1435492396256733, 0.701652230956178};
static const int64_t conf_autograd_linear_in_2_shape[] = {4};
static const double conf_autograd_linear_in_2_data[] = {
    0.5351986274894404, -1.2823770457036807, -0.8690371883992204, 0.17498136298514724};
static const conf_array conf_autograd_linear_in[] = {
    {2, conf_autograd_linear_in_0_shape,
     conf_autograd_linear_in_0_data},
    {2, conf_autograd_linear_in_1_shape,
     conf_autograd_linear_in_1_data},
    {1, conf_autograd_linear_in_2_shape,
     conf_autograd_linear_in_2_data}};
static const int64_t conf_autograd_linear_out_0_shape[] = {2, 4};
static const double conf_autograd_linear_out_0_data[] = {
    -0.7841884524540185, -1.6902093020272244, -1.6890062868116251, 0.7505934503356008,
    -1.5235377405124075, -1.2035237872093685, -1.1183371656918837, 0.12598794099337632};
static const int64_t conf_autograd_linear_out_1_shape[] = {2, 3};
static const double conf_autograd_linear_out_1_data[] = {
    -0.14303667825530675, -1.4798963609453186, -0.5815283850963512, -1.910265635574226,
    -0.2639349153391738, 2.3220162112998506};
static const int64_t conf_autograd_linear_out_2_shape[] = {4, 3};
static const double conf_autograd_linear_out_2_data[] = {
    -0.3688892581065589, -0.4286089711296479, -1.1326916375505063, -0.7104284617341555,
    0.692877880235351, -0.5421446031345204, 0.51097495045339, 0.29003339508257775,
    1.2411205581774105, -0.06353840505967256, -0.5293200924178413, -0.6868753472225235};
static const int64_t conf_autograd_linear_out_3_shape[] = {4};
static const double conf_autograd_linear_out_3_data[] = {
    0.5, 1.25, -0.75, 0.0};
static const int64_t conf_autograd_linear_out_4_shape[] = {2, 3};
static const double conf_autograd_linear_out_4_data[] = {
    0.3125, 0.0625, 1.875, 0.5, -0.25, -1.6875};
static const int64_t conf_autograd_linear_out_5_shape[] = {4, 3};
static const double conf_autograd_linear_out_5_data[] = {
    -0.25, -0.75, 0.125, 0.0, -1.25, 0.9375, 0.25, 1.0, -0.3125, -0.1875, -0.1875, -0.1875};
static const int64_t conf_autograd_linear_out_6_shape[] = {4};
static const double conf_autograd_linear_out_6_data[] = {
    0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_linear_out[] = {
    {2, conf_autograd_linear_out_0_shape,
     conf_autograd_linear_out_0_data},
    {2, conf_autograd_linear_out_1_shape,
     conf_autograd_linear_out_1_data},
    {2, conf_autograd_linear_out_2_shape,
     conf_autograd_linear_out_2_data},
    {1, conf_autograd_linear_out_3_shape,
     conf_autograd_linear_out_3_data},
    {2, conf_autograd_linear_out_4_shape,
     conf_autograd_linear_out_4_data},
    {2, conf_autograd_linear_out_5_shape,
     conf_autograd_linear_out_5_data},
    {1, conf_autograd_linear_out_6_shape,
     conf_autograd_linear_out_6_data}};
CONF_PROG(conf_autograd_linear,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo nn.functional.linear)",
          CONF_EAGER,
    "prog conf_autograd_linear\n"
    "in 2,3\n"
    "in 4,3\n"
    "in 4\n"
    "v3 = linear v0 v1 v2\n"
    "out v3\n"
    "end\n",
          conf_autograd_linear_in, 3,
          conf_autograd_linear_out, 7, 0)
static const int64_t conf_autograd_linear_nobias_in_0_shape[] = {2, 2, 3};
static const double conf_autograd_linear_nobias_in_0_data[] = {
    -1.5914194047901706, -0.20704299526431255, -0.9996589198270592, -0.5405145945715282,
    -0.047976780713360395, 0.8072913012734286, 1.5839931770610443, 1.101505082903602,
    -1.1167326769997412, 0.9315252795424018, 0.5186818469661217, 1.2730358462174953};
static const int64_t conf_autograd_linear_nobias_in_1_shape[] = {4, 3};
static const double conf_autograd_linear_nobias_in_1_data[] = {
    0.4737001530731869, 0.4969288548834705, 1.117076437438664, -0.8962604524765913,
    0.10743560650996546, 0.2603968840553599, -0.4185445227371539, 0.6825271735427489,
    -0.7056689911188947, -0.9883612372384634, 2.0441522584924083, -0.32913655672959496};
static const conf_array conf_autograd_linear_nobias_in[] = {
    {3, conf_autograd_linear_nobias_in_0_shape,
     conf_autograd_linear_nobias_in_0_data},
    {2, conf_autograd_linear_nobias_in_1_shape,
     conf_autograd_linear_nobias_in_1_data}};
static const int64_t conf_autograd_linear_nobias_out_0_shape[] = {2, 2, 4};
static const double conf_autograd_linear_nobias_out_0_data[] = {
    -1.9734366790152769, 1.1437744182062914, 1.2301957063103366, 1.478694140285039,
    0.6219231979140347, 0.6895035799431413, -0.3761964716272437, 0.1704427496068609,
    0.050231709542096326, -1.59212328435054, 0.8768791040931537, 1.0536441947960449,
    2.121089991596852, -0.4476698020757277, -0.9342122698244371, -0.2794214439099949};
static const int64_t conf_autograd_linear_nobias_out_1_shape[] = {2, 2, 3};
static const double conf_autograd_linear_nobias_out_1_data[] = {
    -0.7205408448877736, -1.4766523197878973, -0.16260694388265956, 0.15097374788149331,
    1.3475158752100278, 1.5758930110103624, 1.2868088845780972, -0.9393392643331542,
    -0.7930314316235156, -0.306392766963262, 2.180276848567176, 1.6615599544217459};
static const int64_t conf_autograd_linear_nobias_out_2_shape[] = {4, 3};
static const double conf_autograd_linear_nobias_out_2_data[] = {
    1.0236034129862985, 0.42852075490054753, 3.1775987382087627, -3.7363844074284183,
    -1.5060146359683626, 0.4646011580202263, 0.23601237224770621, 0.1579571881244919,
    -2.570349254393186, 0.9277072986758615, 0.08722896642753486, 3.186614850542732};
static const int64_t conf_autograd_linear_nobias_out_3_shape[] = {2, 2, 3};
static const double conf_autograd_linear_nobias_out_3_data[] = {
    0.3125, 0.0625, 1.875, 0.5, -0.25, -1.6875, -0.6875, 0.8125, -1.125, 0.875, -0.875, -1.25};
static const int64_t conf_autograd_linear_nobias_out_4_shape[] = {4, 3};
static const double conf_autograd_linear_nobias_out_4_data[] = {
    -1.0625, 0.1875, 0.0625, 0.4375, -2.5625, 0.625, 0.5625, 0.875, -0.1875, -0.6875, 0.1875,
    -0.3125};
static const conf_array conf_autograd_linear_nobias_out[] = {
    {3, conf_autograd_linear_nobias_out_0_shape,
     conf_autograd_linear_nobias_out_0_data},
    {3, conf_autograd_linear_nobias_out_1_shape,
     conf_autograd_linear_nobias_out_1_data},
    {2, conf_autograd_linear_nobias_out_2_shape,
     conf_autograd_linear_nobias_out_2_data},
    {3, conf_autograd_linear_nobias_out_3_shape,
     conf_autograd_linear_nobias_out_3_data},
    {2, conf_autograd_linear_nobias_out_4_shape,
     conf_autograd_linear_nobias_out_4_data}};
CONF_PROG(conf_autograd_linear_nobias,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo nn.functional.linear)",
          CONF_EAGER,
    "prog conf_autograd_linear_nobias\n"
    "in 2,2,3\n"
    "in 4,3\n"
    "v2 = linear v0 v1 none\n"
    "out v2\n"
    "end\n",
          conf_autograd_linear_nobias_in, 2,
          conf_autograd_linear_nobias_out, 5, 0)
static const int64_t conf_autograd_softmax_last_in_0_shape[] = {3, 4};
static const double conf_autograd_softmax_last_in_0_data[] = {
    -0.9441686294486797, 1.49352387608693, 2.1373300871947105, 1.702190744716155,
    -0.983113794038856, 0.8233203892758747, 0.23446510596642453, -0.5875947703312686,
    0.7537649639969418, 1.90145032297627, 0.5087592764187722, -0.45324288545859925};
static const conf_array conf_autograd_softmax_last_in[] = {
    {2, conf_autograd_softmax_last_in_0_shape,
     conf_autograd_softmax_last_in_0_data}};
static const int64_t conf_autograd_softmax_last_out_0_shape[] = {3, 4};
static const double conf_autograd_softmax_last_out_0_data[] = {
    0.020686700576736616, 0.23679233066948477, 0.4507846478400777, 0.29173632091370083,
    0.08366206072660638, 0.509392979824234, 0.2826938465862854, 0.12425111286287416,
    0.19110657886832805, 0.6021560529861629, 0.14957913582267096, 0.05715823232283795};
static const int64_t conf_autograd_softmax_last_out_1_shape[] = {3, 4};
static const double conf_autograd_softmax_last_out_1_data[] = {
    -0.014057460872315559, 0.25347648520826455, 0.031761842569010636, -0.27118086690495957,
    0.09251714196946212, 0.05391591100802823, -0.2527725542270493, 0.10633950124955897,
    0.0963676441015222, -0.2985120834725373, 0.18761131524697156, 0.014533124124043435};
static const int64_t conf_autograd_softmax_last_out_2_shape[] = {3, 4};
static const double conf_autograd_softmax_last_out_2_data[] = {
    0.0037470457678725894, -0.22233842450863278, 0.09588450212649535, 0.12270687661426485,
    -0.1451017876106825, -0.0688026258654828, 0.11962884370329656, 0.09427556977286874,
    -0.034649127015008344, -0.11430751822667116, 0.17015883425628497, -0.02120218901460541};
static const conf_array conf_autograd_softmax_last_out[] = {
    {2, conf_autograd_softmax_last_out_0_shape,
     conf_autograd_softmax_last_out_0_data},
    {2, conf_autograd_softmax_last_out_1_shape,
     conf_autograd_softmax_last_out_1_data},
    {2, conf_autograd_softmax_last_out_2_shape,
     conf_autograd_softmax_last_out_2_data}};
CONF_PROG(conf_autograd_softmax_last,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo softmax)",
          CONF_EAGER,
    "prog conf_autograd_softmax_last\n"
    "in 3,4\n"
    "v1 = softmax v0 -1\n"
    "out v1\n"
    "end\n",
          conf_autograd_softmax_last_in, 1,
          conf_autograd_softmax_last_out, 3, 0)
static const int64_t conf_autograd_softmax_dim0_in_0_shape[] = {3, 4};
static const double conf_autograd_softmax_dim0_in_0_data[] = {
    -0.8196910145808801, 1.7571094933788443, -1.2103804772180708, -0.6053524245740486,
    -0.048194649578980855, 0.6016113333160922, -0.01537263598728868, -0.07713896270651298,
    1.5409300238628412, -0.46816416531658006, 0.38264211243363666, 0.3169404101331528};
static const conf_array conf_autograd_softmax_dim0_in[] = {
    {2, conf_autograd_softmax_dim0_in_0_shape,
     conf_autograd_softmax_dim0_in_0_data}};
static const int64_t conf_autograd_softmax_dim0_out_0_shape[] = {3, 4};
static const double conf_autograd_softmax_dim0_out_0_data[] = {
    0.07267161232447912, 0.7027710732872544, 0.10843426611069218, 0.19190358064897456,
    0.15718873172985745, 0.2213030515505784, 0.3582216712864063, 0.32544924613510645,
    0.7701396559456635, 0.07592587516216727, 0.5333440626029015, 0.482647173215919};
static const int64_t conf_autograd_softmax_dim0_out_1_shape[] = {3, 4};
static const double conf_autograd_softmax_dim0_out_1_data[] = {
    -0.031126560489220873, 0.3278030007699066, 0.03409618703539868, -0.11683774366181474,
    0.16845633257728265, -0.17340344399363586, -0.3351374822530485, 0.29002876181970577,
    -0.13732977208806177, -0.1543995567762708, 0.3010412952176498, -0.17319101815789106};
static const int64_t conf_autograd_softmax_dim0_out_2_shape[] = {3, 4};
static const double conf_autograd_softmax_dim0_out_2_data[] = {
    0.01767450454624139, 0.09488338323306934, -0.042865039994641516, -0.004042357628278107,
    -0.17140887487480394, -0.13314730674644046, 0.13651409791186167, 0.13097004811770965,
    0.15373437032856255, 0.0382639235133711, -0.09364905791722007, -0.1269276904894316};
static const conf_array conf_autograd_softmax_dim0_out[] = {
    {2, conf_autograd_softmax_dim0_out_0_shape,
     conf_autograd_softmax_dim0_out_0_data},
    {2, conf_autograd_softmax_dim0_out_1_shape,
     conf_autograd_softmax_dim0_out_1_data},
    {2, conf_autograd_softmax_dim0_out_2_shape,
     conf_autograd_softmax_dim0_out_2_data}};
CONF_PROG(conf_autograd_softmax_dim0,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo softmax)",
          CONF_EAGER,
    "prog conf_autograd_softmax_dim0\n"
    "in 3,4\n"
    "v1 = softmax v0 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_softmax_dim0_in, 1,
          conf_autograd_softmax_dim0_out, 3, 0)
static const int64_t conf_autograd_log_softmax_last_in_0_shape[] = {3, 4};
static const double conf_autograd_log_softmax_last_in_0_data[] = {
    1.375236530035431, 0.05371522210382207, 0.8705669118579806, -0.9157453777729899,
    -0.19009269450344, -0.12106842473498033, 0.8336769937909142, 1.4429742845511673,
    1.7527949606324036, -0.14097247402574337, 1.0593781820980914, 0.3540119249300116};
static const conf_array conf_autograd_log_softmax_last_in[] = {
    {2, conf_autograd_log_softmax_last_in_0_shape,
     conf_autograd_log_softmax_last_in_0_data}};
static const int64_t conf_autograd_log_softmax_last_out_0_shape[] = {3, 4};
static const double conf_autograd_log_softmax_last_out_0_data[] = {
    -0.6788460490477893, -2.0003673569793983, -1.1835156672252398, -2.9698279568562103,
    -2.300050183851804, -2.2310259140833444, -1.27628049555745, -0.666983204797197,
    -0.6404140036971132, -2.5341814383552603, -1.3338307822314253, -2.039197039399505};
static const int64_t conf_autograd_log_softmax_last_out_1_shape[] = {3, 4};
static const double conf_autograd_log_softmax_last_out_1_data[] = {
    -0.6268004852406053, 1.2161786059983837, 0.1734499136107261, -0.7628280343685045,
    0.9248096406444302, -0.0805636288293249, -1.2093050403230243, 0.36505902850791905,
    0.5406112523187692, -1.1310100603555229, 0.8951990669280381, -0.30480025889128415};
static const int64_t conf_autograd_log_softmax_last_out_2_shape[] = {3, 4};
static const double conf_autograd_log_softmax_last_out_2_data[] = {
    0.010338886631826494, 0.036579077126010676, -0.05117092728297071, 0.004252963525133542,
    0.12635164026027923, -0.005605342365320201, 0.19474230988441418, -0.31548860777937315,
    -0.06778670585077923, -0.12919209147854946, 0.2625150836183064, -0.06553628628897781};
static const conf_array conf_autograd_log_softmax_last_out[] = {
    {2, conf_autograd_log_softmax_last_out_0_shape,
     conf_autograd_log_softmax_last_out_0_data},
    {2, conf_autograd_log_softmax_last_out_1_shape,
     conf_autograd_log_softmax_last_out_1_data},
    {2, conf_autograd_log_softmax_last_out_2_shape,
     conf_autograd_log_softmax_last_out_2_data}};
CONF_PROG(conf_autograd_log_softmax_last,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo log_softmax)",
          CONF_EAGER,
    "prog conf_autograd_log_softmax_last\n"
    "in 3,4\n"
    "v1 = log_softmax v0 -1\n"
    "out v1\n"
    "end\n",
          conf_autograd_log_softmax_last_in, 1,
          conf_autograd_log_softmax_last_out, 3, 0)
static const int64_t conf_autograd_log_softmax_dim0_in_0_shape[] = {3, 4};
static const double conf_autograd_log_softmax_dim0_in_0_data[] = {
    -0.3652156747548317, 0.47884336416123596, 1.8290623922240028, -0.008217067807306168,
    0.20004184483605508, 0.8507888946001648, 0.68460164202477, -1.2314677657993034,
    -1.3851006131082342, -0.35792418780336804, 0.7131770543583127, 0.7984537610559866};
static const conf_array conf_autograd_log_softmax_dim0_in[] = {
    {2, conf_autograd_log_softmax_dim0_in_0_shape,
     conf_autograd_log_softmax_dim0_in_0_data}};
static const int64_t conf_autograd_log_softmax_dim0_out_0_shape[] = {3, 4};
static const double conf_autograd_log_softmax_dim0_out_0_data[] = {
    -1.1380052198589035, -1.0590610943977818, -0.4983606524881166, -1.262630914247739,
    -0.5727477002680167, -0.687115563958853, -1.6428214026873493, -2.4858816122397362,
    -2.157890158212306, -1.8958286463623857, -1.6142459903538067, -0.4559600853844463};
static const int64_t conf_autograd_log_softmax_dim0_out_1_shape[] = {3, 4};
static const double conf_autograd_log_softmax_dim0_out_1_data[] = {
    -0.5801144067941637, 1.25, 0.401881447424896, -0.608545631047448, 0.8590065807089642, 0.0,
    -0.9516416205440943, 0.7916260630279056, -0.2788921739148005, -1.25, 0.5497601731191983,
    -0.1830804319804576};
static const int64_t conf_autograd_log_softmax_dim0_out_2_shape[] = {3, 4};
static const double conf_autograd_log_softmax_dim0_out_2_data[] = {
    -0.0541633413677326, 0.0, 0.029166056216969292, -0.0400793941842345, 0.08091965908790459,
    -0.0, -0.05116163133536504, 0.050644850215669834, -0.026756317720172, 0.0,
    0.021995575118395744, -0.010565456031435333};
static const conf_array conf_autograd_log_softmax_dim0_out[] = {
    {2, conf_autograd_log_softmax_dim0_out_0_shape,
     conf_autograd_log_softmax_dim0_out_0_data},
    {2, conf_autograd_log_softmax_dim0_out_1_shape,
     conf_autograd_log_softmax_dim0_out_1_data},
    {2, conf_autograd_log_softmax_dim0_out_2_shape,
     conf_autograd_log_softmax_dim0_out_2_data}};
CONF_PROG(conf_autograd_log_softmax_dim0,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo log_softmax)",
          CONF_EAGER,
    "prog conf_autograd_log_softmax_dim0\n"
    "in 3,4\n"
    "v1 = log_softmax v0 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_log_softmax_dim0_in, 1,
          conf_autograd_log_softmax_dim0_out, 3, 0)
static const int64_t conf_autograd_layer_norm_in_0_shape[] = {2, 4};
static const double conf_autograd_layer_norm_in_0_data[] = {
    0.22967589309997, 0.4332557472273733, -0.36456692641064536, 1.916092767822734,
    -0.8255481121637092, 0.9543287662972664, 0.36444994769623873, -0.35372447981232413};
static const int64_t conf_autograd_layer_norm_in_1_shape[] = {4};
static const double conf_autograd_layer_norm_in_1_data[] = {
    0.3307556754264907, -0.9703934900821914, 0.10564444476416457, 2.6223844282392474};
static const int64_t conf_autograd_layer_norm_in_2_shape[] = {4};
static const double conf_autograd_layer_norm_in_2_data[] = {
    1.1939330875023966, 0.31349971566536583, 0.4551539580084973, -1.7275918015447904};
static const conf_array conf_autograd_layer_norm_in[] = {
    {2, conf_autograd_layer_norm_in_0_shape,
     conf_autograd_layer_norm_in_0_data},
    {1, conf_autograd_layer_norm_in_1_shape,
     conf_autograd_layer_norm_in_1_data},
    {1, conf_autograd_layer_norm_in_2_shape,
     conf_autograd_layer_norm_in_2_data}};
static const int64_t conf_autograd_layer_norm_out_0_shape[] = {2, 4};
static const double conf_autograd_layer_norm_out_0_data[] = {
    1.0663002059882263, 0.452628765234463, 0.3396045194159347, 2.528575739106197,
    0.7749410387706535, -1.000098905313733, 0.5064146513676689, -3.2279187811662173};
static const int64_t conf_autograd_layer_norm_out_1_shape[] = {2, 4};
static const double conf_autograd_layer_norm_out_1_data[] = {
    0.4485062763898544, -0.5839804305579641, 0.04806573387777052, 0.08740842029033974,
    -1.0637139549963253, -0.011819272468328923, -0.6773559584757429, 1.752889185940397};
static const int64_t conf_autograd_layer_norm_out_2_shape[] = {4};
static const double conf_autograd_layer_norm_out_2_data[] = {
    -1.0738307287295352, -0.17921731105867306, -0.7586584716899298, -1.646353160014427};
static const int64_t conf_autograd_layer_norm_out_3_shape[] = {4};
static const double conf_autograd_layer_norm_out_3_data[] = {
    0.5, 1.25, -0.75, 0.0};
static const int64_t conf_autograd_layer_norm_out_4_shape[] = {2, 4};
static const double conf_autograd_layer_norm_out_4_data[] = {
    0.1889936843449815, -1.0959380042683526, 0.8350973384748147, 0.0718469814485565,
    1.5524309594866417, -2.459228004763059, 0.1334732986926801, 0.7733237465837354};
static const int64_t conf_autograd_layer_norm_out_5_shape[] = {4};
static const double conf_autograd_layer_norm_out_5_data[] = {
    -1.2452538871864864, -1.3606848040527966, 1.1411696473772308, 1.3051544766129959};
static const int64_t conf_autograd_layer_norm_out_6_shape[] = {4};
static const double conf_autograd_layer_norm_out_6_data[] = {
    0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_layer_norm_out[] = {
    {2, conf_autograd_layer_norm_out_0_shape,
     conf_autograd_layer_norm_out_0_data},
    {2, conf_autograd_layer_norm_out_1_shape,
     conf_autograd_layer_norm_out_1_data},
    {1, conf_autograd_layer_norm_out_2_shape,
     conf_autograd_layer_norm_out_2_data},
    {1, conf_autograd_layer_norm_out_3_shape,
     conf_autograd_layer_norm_out_3_data},
    {2, conf_autograd_layer_norm_out_4_shape,
     conf_autograd_layer_norm_out_4_data},
    {1, conf_autograd_layer_norm_out_5_shape,
     conf_autograd_layer_norm_out_5_data},
    {1, conf_autograd_layer_norm_out_6_shape,
     conf_autograd_layer_norm_out_6_data}};
CONF_PROG(conf_autograd_layer_norm,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo nn.functional.layer_norm)",
          CONF_EAGER,
    "prog conf_autograd_layer_norm\n"
    "in 2,4\n"
    "in 4\n"
    "in 4\n"
    "v3 = layer_norm v0 1 v1 v2 1e-05\n"
    "out v3\n"
    "end\n",
          conf_autograd_layer_norm_in, 3,
          conf_autograd_layer_norm_out, 7, 0)
static const int64_t conf_autograd_layer_norm_noaffine_in_0_shape[] = {2, 3, 2};
static const double conf_autograd_layer_norm_noaffine_in_0_data[] = {
    -0.4804726274311575, -0.6499141511159082, -0.10056992770138323, 0.12928923364853956,
    0.16791410985332755, -0.029859796978255658, 0.6106519807141462, -1.0546812486301405,
    -0.43739342614523313, 1.3285936784637886, 0.2414945133728252, 0.9590959405224236};
static const conf_array conf_autograd_layer_norm_noaffine_in[] = {
    {3, conf_autograd_layer_norm_noaffine_in_0_shape,
     conf_autograd_layer_norm_noaffine_in_0_data}};
static const int64_t conf_autograd_layer_norm_noaffine_out_0_shape[] = {2, 3, 2};
static const double conf_autograd_layer_norm_noaffine_out_0_data[] = {
    -1.052238836627412, -1.6096299948184494, 0.1974808377320672, 0.9536205452811237,
    1.0806800996016317, 0.43008734883103933, 0.41322987721208565, -1.6347287379265785,
    -0.8756134498854491, 1.2961251795850441, -0.04074486025358397, 0.8417319912684819};
static const int64_t conf_autograd_layer_norm_noaffine_out_1_shape[] = {2, 3, 2};
static const double conf_autograd_layer_norm_noaffine_out_1_data[] = {
    -2.9480297747208457, 2.4814124583588035, 0.25303348653550833, -2.592512857646245,
    3.2388630134760645, -0.432766326003286, -0.5761891443765683, 0.11441961960007556,
    -0.5736175978053435, -0.2535748546891044, 0.9444827966820613, 0.34447918058887916};
static const int64_t conf_autograd_layer_norm_noaffine_out_2_shape[] = {2, 3, 2};
static const double conf_autograd_layer_norm_noaffine_out_2_data[] = {
    -2.256341713526144, -7.066556958441118, 2.4133937777783347, 3.4360513633730942,
    0.6740102328124884, 2.799443298003346, -0.9428323188698884, 0.6398781431035074,
    -0.5634249510468089, -0.7397735232964082, 1.3598869326770873, 0.2462657174325111};
static const conf_array conf_autograd_layer_norm_noaffine_out[] = {
    {3, conf_autograd_layer_norm_noaffine_out_0_shape,
     conf_autograd_layer_norm_noaffine_out_0_data},
    {3, conf_autograd_layer_norm_noaffine_out_1_shape,
     conf_autograd_layer_norm_noaffine_out_1_data},
    {3, conf_autograd_layer_norm_noaffine_out_2_shape,
     conf_autograd_layer_norm_noaffine_out_2_data}};
CONF_PROG(conf_autograd_layer_norm_noaffine,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo nn.functional.layer_norm)",
          CONF_EAGER,
    "prog conf_autograd_layer_norm_noaffine\n"
    "in 2,3,2\n"
    "v1 = layer_norm v0 2 none none 1e-05\n"
    "out v1\n"
    "end\n",
          conf_autograd_layer_norm_noaffine_in, 1,
          conf_autograd_layer_norm_noaffine_out, 3, 0)
static const int64_t conf_autograd_mse_loss_mean_in_0_shape[] = {3, 4};
static const double conf_autograd_mse_loss_mean_in_0_data[] = {
    0.8609104319808337, -0.3221832613940365, 1.4163348783101553, 1.545068342243461,
    -0.10977425747905364, 0.4489384897288062, -1.138525186814802, -1.1670448215984977,
    -1.323206716232038, 0.5071114385722596, 0.2029983082577702, -0.9701152967758166};
static const int64_t conf_autograd_mse_loss_mean_in_1_shape[] = {3, 4};
static const double conf_autograd_mse_loss_mean_in_1_data[] = {
    -1.8699605864340885, -0.9281801083813742, -0.28978905482803435, -0.5872240458742654,
    0.7605062888711309, -0.25423134806896697, 0.8566541343456425, 0.5444215550766082,
    -1.5205138545998238, 0.22290019991825574, -0.24064801714570846, -0.4923959149179709};
static const conf_array conf_autograd_mse_loss_mean_in[] = {
    {2, conf_autograd_mse_loss_mean_in_0_shape,
     conf_autograd_mse_loss_mean_in_0_data},
    {2, conf_autograd_mse_loss_mean_in_1_shape,
     conf_autograd_mse_loss_mean_in_1_data}};
static const int64_t conf_autograd_mse_loss_mean_out_0_shape[] = {0};
static const double conf_autograd_mse_loss_mean_out_0_data[] = {
    1.9990713448769535};
static const int64_t conf_autograd_mse_loss_mean_out_1_shape[] = {3, 4};
static const double conf_autograd_mse_loss_mean_out_1_data[] = {
    -0.22757258486791015, -0.050499737248944805, -0.14217699442818246, -0.17769103234314387,
    0.07252337886251538, -0.058597486483147755, 0.16626494343003706, 0.1426221980562588,
    -0.016442261530648816, -0.023684269887833655, -0.03697052711695656, 0.03980994848815381};
static const int64_t conf_autograd_mse_loss_mean_out_2_shape[] = {3, 4};
static const double conf_autograd_mse_loss_mean_out_2_data[] = {
    0.22757258486791015, 0.050499737248944805, 0.14217699442818246, 0.17769103234314387,
    -0.07252337886251538, 0.058597486483147755, -0.16626494343003706, -0.1426221980562588,
    0.016442261530648816, 0.023684269887833655, 0.03697052711695656, -0.03980994848815381};
static const int64_t conf_autograd_mse_loss_mean_out_3_shape[] = {3, 4};
static const double conf_autograd_mse_loss_mean_out_3_data[] = {
    0.0625, 0.0625, -0.16666666666666669, 0.0625, 0.0625, 0.0625, 0.0625, -0.16666666666666669,
    0.0625, 0.0625, -0.16666666666666666, 0.0625};
static const int64_t conf_autograd_mse_loss_mean_out_4_shape[] = {3, 4};
static const double conf_autograd_mse_loss_mean_out_4_data[] = {
    -0.0625, -0.0625, 0.16666666666666669, -0.0625, -0.0625, -0.0625, -0.0625,
    0.16666666666666669, -0.0625, -0.0625, 0.16666666666666666, -0.0625};
static const conf_array conf_autograd_mse_loss_mean_out[] = {
    {0, conf_autograd_mse_loss_mean_out_0_shape,
     conf_autograd_mse_loss_mean_out_0_data},
    {2, conf_autograd_mse_loss_mean_out_1_shape,
     conf_autograd_mse_loss_mean_out_1_data},
    {2, conf_autograd_mse_loss_mean_out_2_shape,
     conf_autograd_mse_loss_mean_out_2_data},
    {2, conf_autograd_mse_loss_mean_out_3_shape,
     conf_autograd_mse_loss_mean_out_3_data},
    {2, conf_autograd_mse_loss_mean_out_4_shape,
     conf_autograd_mse_loss_mean_out_4_data}};
CONF_PROG(conf_autograd_mse_loss_mean,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo nn.functional.mse_loss)",
          CONF_EAGER,
    "prog conf_autograd_mse_loss_mean\n"
    "in 3,4\n"
    "in 3,4\n"
    "v2 = mse_loss v0 v1 0\n"
    "out v2\n"
    "end\n",
          conf_autograd_mse_loss_mean_in, 2,
          conf_autograd_mse_loss_mean_out, 5, 0)
static const int64_t conf_autograd_mse_loss_sum_in_0_shape[] = {3, 4};
static const double conf_autograd_mse_loss_sum_in_0_data[] = {
    -0.9380783190782348, -1.3808042335808517, -0.3906082964345243, 0.8066050628594869,
    0.00036453216158482, 1.7105047112439051, 0.4191052072083827, 1.1756119645616403,
    1.597144495056629, -0.8214907438603569, -0.7270781709479386, 1.4935692671285772};
static const int64_t conf_autograd_mse_loss_sum_in_1_shape[] = {3, 4};
static const double conf_autograd_mse_loss_sum_in_1_data[] = {
    0.3420936160131722, 0.5256653873336006, -0.8096270333599362, -1.0447669146797824,
    -0.10624901635967664, 0.37093483828241663, 1.8670695929957444, -0.6003984742192143,
    -0.22521729445288485, -0.32173826370820807, -1.0175035196407372, 0.915570237367688};
static const conf_array conf_autograd_mse_loss_sum_in[] = {
    {2, conf_autograd_mse_loss_sum_in_0_shape,
     conf_autograd_mse_loss_sum_in_0_data},
    {2, conf_autograd_mse_loss_sum_in_1_shape,
     conf_autograd_mse_loss_sum_in_1_data}};
static const int64_t conf_autograd_mse_loss_sum_out_0_shape[] = {0};
static const double conf_autograd_mse_loss_sum_out_0_data[] = {
    19.922434129269497};
static const int64_t conf_autograd_mse_loss_sum_out_1_shape[] = {3, 4};
static const double conf_autograd_mse_loss_sum_out_1_data[] = {
    1.280171935091407, 1.9064696209144523, -0.4190187369254119, -1.8513719775392694,
    -0.10661354852126145, -1.3395698729614884, 1.4479643857873616, -1.7760104387808546,
    -1.8223617895095137, 0.49975248015214885, -0.29042534869279857, -0.5779990297608892};
static const int64_t conf_autograd_mse_loss_sum_out_2_shape[] = {3, 4};
static const double conf_autograd_mse_loss_sum_out_2_data[] = {
    -1.280171935091407, -1.9064696209144523, 0.4190187369254119, 1.8513719775392694,
    0.10661354852126145, 1.3395698729614884, -1.4479643857873616, 1.7760104387808546,
    1.8223617895095137, -0.49975248015214885, 0.29042534869279857, 0.5779990297608892};
static const int64_t conf_autograd_mse_loss_sum_out_3_shape[] = {3, 4};
static const double conf_autograd_mse_loss_sum_out_3_data[] = {
    0.75, 0.75, -2.0, 0.75, 0.75, 0.75, 0.75, -2.0, 0.75, 0.75, -2.0, 0.75};
static const int64_t conf_autograd_mse_loss_sum_out_4_shape[] = {3, 4};
static const double conf_autograd_mse_loss_sum_out_4_data[] = {
    -0.75, -0.75, 2.0, -0.75, -0.75, -0.75, -0.75, 2.0, -0.75, -0.75, 2.0, -0.75};
static const conf_array conf_autograd_mse_loss_sum_out[] = {
    {0, conf_autograd_mse_loss_sum_out_0_shape,
     conf_autograd_mse_loss_sum_out_0_data},
    {2, conf_autograd_mse_loss_sum_out_1_shape,
     conf_autograd_mse_loss_sum_out_1_data},
    {2, conf_autograd_mse_loss_sum_out_2_shape,
     conf_autograd_mse_loss_sum_out_2_data},
    {2, conf_autograd_mse_loss_sum_out_3_shape,
     conf_autograd_mse_loss_sum_out_3_data},
    {2, conf_autograd_mse_loss_sum_out_4_shape,
     conf_autograd_mse_loss_sum_out_4_data}};
CONF_PROG(conf_autograd_mse_loss_sum,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo nn.functional.mse_loss)",
          CONF_EAGER,
    "prog conf_autograd_mse_loss_sum\n"
    "in 3,4\n"
    "in 3,4\n"
    "v2 = mse_loss v0 v1 1\n"
    "out v2\n"
    "end\n",
          conf_autograd_mse_loss_sum_in, 2,
          conf_autograd_mse_loss_sum_out, 5, 0)
static const int64_t conf_autograd_mse_loss_none_in_0_shape[] = {3, 4};
static const double conf_autograd_mse_loss_none_in_0_data[] = {
    0.11608664510551607, -0.5397138364724691, -1.1050860148788395, 0.7356278332767189,
    -0.07317777770670354, -0.8235965570353658, -0.11012966453889053, -1.8832585358821392,
    0.43941299828545727, -0.29861762654423496, 0.38714944696950687, -1.1411048270505852};
static const int64_t conf_autograd_mse_loss_none_in_1_shape[] = {3, 4};
static const double conf_autograd_mse_loss_none_in_1_data[] = {
    -0.2272877140370082, 0.7413686924820287, 1.794105318942467, -0.28417889396236684,
    -1.2377324711133861, 1.176329304803992, 1.5127798873905347, -1.5120939391160513,
    -1.5194877914371998, -0.5821999650941808, 0.9561210282657752, 2.816710134694625};
static const conf_array conf_autograd_mse_loss_none_in[] = {
    {2, conf_autograd_mse_loss_none_in_0_shape,
     conf_autograd_mse_loss_none_in_0_data},
    {2, conf_autograd_mse_loss_none_in_1_shape,
     conf_autograd_mse_loss_none_in_1_data}};
static const int64_t conf_autograd_mse_loss_none_out_0_shape[] = {3, 4};
static const double conf_autograd_mse_loss_none_out_0_data[] = {
    0.11790595051653925, 1.6411724459924517, 8.405310390104567, 1.0400057609220952,
    1.3561876339355325, 3.999703452853898, 2.6338354137437676, 0.13776315789253266,
    3.83729230397605, 0.0804189427374561, 0.3237286603227761, 15.664299271414238};
static const int64_t conf_autograd_mse_loss_none_out_1_shape[] = {3, 4};
static const double conf_autograd_mse_loss_none_out_1_data[] = {
    -0.3433743591425243, -3.2027063223862444, -1.4495956669106533, -1.5297100908586287,
    2.329109386813365, -0.0, 3.2458191038588504, -0.5567468951491319, -0.9794503948613286,
    -0.7089558463748646, -0.5689715812962683, 3.95781496174521};
static const int64_t conf_autograd_mse_loss_none_out_2_shape[] = {3, 4};
static const double conf_autograd_mse_loss_none_out_2_data[] = {
    0.3433743591425243, 3.2027063223862444, 1.4495956669106533, 1.5297100908586287,
    -2.329109386813365, 0.0, -3.2458191038588504, 0.5567468951491319, 0.9794503948613286,
    0.7089558463748646, 0.5689715812962683, -3.95781496174521};
static const int64_t conf_autograd_mse_loss_none_out_3_shape[] = {3, 4};
static const double conf_autograd_mse_loss_none_out_3_data[] = {
    0.75, -1.875, 1.0, 1.125, -1.5, 0.0, 1.5, 3.0, 0.375, 1.875, 2.0, 0.75};
static const int64_t conf_autograd_mse_loss_none_out_4_shape[] = {3, 4};
static const double conf_autograd_mse_loss_none_out_4_data[] = {
    -0.75, 1.875, -1.0, -1.125, 1.5, 0.0, -1.5, -3.0, -0.375, -1.875, -2.0, -0.75};
static const conf_array conf_autograd_mse_loss_none_out[] = {
    {2, conf_autograd_mse_loss_none_out_0_shape,
     conf_autograd_mse_loss_none_out_0_data},
    {2, conf_autograd_mse_loss_none_out_1_shape,
     conf_autograd_mse_loss_none_out_1_data},
    {2, conf_autograd_mse_loss_none_out_2_shape,
     conf_autograd_mse_loss_none_out_2_data},
    {2, conf_autograd_mse_loss_none_out_3_shape,
     conf_autograd_mse_loss_none_out_3_data},
    {2, conf_autograd_mse_loss_none_out_4_shape,
     conf_autograd_mse_loss_none_out_4_data}};
CONF_PROG(conf_autograd_mse_loss_none,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo nn.functional.mse_loss)",
          CONF_EAGER,
    "prog conf_autograd_mse_loss_none\n"
    "in 3,4\n"
    "in 3,4\n"
    "v2 = mse_loss v0 v1 2\n"
    "out v2\n"
    "end\n",
          conf_autograd_mse_loss_none_in, 2,
          conf_autograd_mse_loss_none_out, 5, 0)
static const int64_t conf_autograd_reshape_in_0_shape[] = {2, 6};
static const double conf_autograd_reshape_in_0_data[] = {
    0.8093101872452867, -0.200170239893206, -0.23084833016862694, 0.009524970322822606,
    -0.5148598245296235, 0.3647517593822537, -0.389545115108257, 0.8558592865009021,
    1.0821984062705883, -0.6497145413101791, 0.6416715372657594, 0.44706804858190424};
static const conf_array conf_autograd_reshape_in[] = {
    {2, conf_autograd_reshape_in_0_shape,
     conf_autograd_reshape_in_0_data}};
static const int64_t conf_autograd_reshape_out_0_shape[] = {3, 4};
static const double conf_autograd_reshape_out_0_data[] = {
    0.8093101872452867, -0.200170239893206, -0.23084833016862694, 0.009524970322822606,
    -0.5148598245296235, 0.3647517593822537, -0.389545115108257, 0.8558592865009021,
    1.0821984062705883, -0.6497145413101791, 0.6416715372657594, 0.44706804858190424};
static const int64_t conf_autograd_reshape_out_1_shape[] = {2, 6};
static const double conf_autograd_reshape_out_1_data[] = {
    -0.5, 1.25, 0.25, -0.75, 1.0, 0.0, -1.0, 0.75, -0.25, -1.25, 0.5, -0.5};
static const int64_t conf_autograd_reshape_out_2_shape[] = {2, 6};
static const double conf_autograd_reshape_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_reshape_out[] = {
    {2, conf_autograd_reshape_out_0_shape,
     conf_autograd_reshape_out_0_data},
    {2, conf_autograd_reshape_out_1_shape,
     conf_autograd_reshape_out_1_data},
    {2, conf_autograd_reshape_out_2_shape,
     conf_autograd_reshape_out_2_data}};
CONF_PROG(conf_autograd_reshape,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo reshape)",
          CONF_EAGER,
    "prog conf_autograd_reshape\n"
    "in 2,6\n"
    "v1 = reshape v0 [3,-1]\n"
    "out v1\n"
    "end\n",
          conf_autograd_reshape_in, 1,
          conf_autograd_reshape_out, 3, 0)
static const int64_t conf_autograd_reshape_noncontig_in_0_shape[] = {3, 4};
static const double conf_autograd_reshape_noncontig_in_0_data[] = {
    -0.7561596602151717, -2.2180449838396914, 2.4498442527886457, 2.690390687694973,
    1.557301579851535, 0.8965556587178749, -0.08672540342979947, -1.7843477703066009,
    1.6607131262992356, 1.8597006629276776, -0.5187761406153046, -0.29649241620191075};
static const conf_array conf_autograd_reshape_noncontig_in[] = {
    {2, conf_autograd_reshape_noncontig_in_0_shape,
     conf_autograd_reshape_noncontig_in_0_data}};
static const int64_t conf_autograd_reshape_noncontig_out_0_shape[] = {12};
static const double conf_autograd_reshape_noncontig_out_0_data[] = {
    -0.7561596602151717, 1.557301579851535, 1.6607131262992356, -2.2180449838396914,
    0.8965556587178749, 1.8597006629276776, 2.4498442527886457, -0.08672540342979947,
    -0.5187761406153046, 2.690390687694973, -1.7843477703066009, -0.29649241620191075};
static const int64_t conf_autograd_reshape_noncontig_out_1_shape[] = {3, 4};
static const double conf_autograd_reshape_noncontig_out_1_data[] = {
    -0.5, -0.75, -1.0, -1.25, 1.25, 1.0, 0.75, 0.5, 0.25, 0.0, -0.25, -0.5};
static const int64_t conf_autograd_reshape_noncontig_out_2_shape[] = {3, 4};
static const double conf_autograd_reshape_noncontig_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_reshape_noncontig_out[] = {
    {1, conf_autograd_reshape_noncontig_out_0_shape,
     conf_autograd_reshape_noncontig_out_0_data},
    {2, conf_autograd_reshape_noncontig_out_1_shape,
     conf_autograd_reshape_noncontig_out_1_data},
    {2, conf_autograd_reshape_noncontig_out_2_shape,
     conf_autograd_reshape_noncontig_out_2_data}};
CONF_PROG(conf_autograd_reshape_noncontig,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo reshape)",
          CONF_EAGER,
    "prog conf_autograd_reshape_noncontig\n"
    "in 3,4\n"
    "v1 = transpose v0 0 1\n"
    "v2 = reshape v1 [12]\n"
    "out v2\n"
    "end\n",
          conf_autograd_reshape_noncontig_in, 1,
          conf_autograd_reshape_noncontig_out, 3, 0)
static const int64_t conf_autograd_expand_in_0_shape[] = {3, 1};
static const double conf_autograd_expand_in_0_data[] = {
    1.312195927349392, 0.15175192393280998, 0.36533719294630557};
static const conf_array conf_autograd_expand_in[] = {
    {2, conf_autograd_expand_in_0_shape,
     conf_autograd_expand_in_0_data}};
static const int64_t conf_autograd_expand_out_0_shape[] = {2, 3, 4};
static const double conf_autograd_expand_out_0_data[] = {
    1.312195927349392, 1.312195927349392, 1.312195927349392, 1.312195927349392,
    0.15175192393280998, 0.15175192393280998, 0.15175192393280998, 0.15175192393280998,
    0.36533719294630557, 0.36533719294630557, 0.36533719294630557, 0.36533719294630557,
    1.312195927349392, 1.312195927349392, 1.312195927349392, 1.312195927349392,
    0.15175192393280998, 0.15175192393280998, 0.15175192393280998, 0.15175192393280998,
    0.36533719294630557, 0.36533719294630557, 0.36533719294630557, 0.36533719294630557};
static const int64_t conf_autograd_expand_out_1_shape[] = {3, 1};
static const double conf_autograd_expand_out_1_data[] = {
    2.0, 0.25, -1.5};
static const int64_t conf_autograd_expand_out_2_shape[] = {3, 1};
static const double conf_autograd_expand_out_2_data[] = {
    0.0, 0.0, 0.0};
static const conf_array conf_autograd_expand_out[] = {
    {3, conf_autograd_expand_out_0_shape,
     conf_autograd_expand_out_0_data},
    {2, conf_autograd_expand_out_1_shape,
     conf_autograd_expand_out_1_data},
    {2, conf_autograd_expand_out_2_shape,
     conf_autograd_expand_out_2_data}};
CONF_PROG(conf_autograd_expand,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo expand)",
          CONF_EAGER,
    "prog conf_autograd_expand\n"
    "in 3,1\n"
    "v1 = expand v0 [2,3,4]\n"
    "out v1\n"
    "end\n",
          conf_autograd_expand_in, 1,
          conf_autograd_expand_out, 3, 0)
static const int64_t conf_autograd_permute_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_permute_in_0_data[] = {
    1.4260561303135122, 0.04353756681380015, 0.6550213654269436, 0.6280273415843534,
    0.9870613635635298, -0.34222288812822804, 1.1026168334790976, -0.5462711722771058,
    -0.083300254961983, 0.7165332278467921, 0.5125864590316466, -0.5266345766379651,
    0.8249735351951814, 0.4137160992419585, -1.5056798120539738, 0.5046396616253336,
    0.20329190749300174, 0.4593216899901294, 0.7572721034160667, -1.0760736558085868,
    -1.2650399868776825, -0.7606944983882643, -0.5948433624654168, 0.7705629058994417};
static const conf_array conf_autograd_permute_in[] = {
    {3, conf_autograd_permute_in_0_shape,
     conf_autograd_permute_in_0_data}};
static const int64_t conf_autograd_permute_out_0_shape[] = {4, 2, 3};
static const double conf_autograd_permute_out_0_data[] = {
    1.4260561303135122, 0.9870613635635298, -0.083300254961983, 0.8249735351951814,
    0.20329190749300174, -1.2650399868776825, 0.04353756681380015, -0.34222288812822804,
    0.7165332278467921, 0.4137160992419585, 0.4593216899901294, -0.7606944983882643,
    0.6550213654269436, 1.1026168334790976, 0.5125864590316466, -1.5056798120539738,
    0.7572721034160667, -0.5948433624654168, 0.6280273415843534, -0.5462711722771058,
    -0.5266345766379651, 0.5046396616253336, -1.0760736558085868, 0.7705629058994417};
static const int64_t conf_autograd_permute_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_permute_out_1_data[] = {
    -0.5, -1.0, 1.25, 0.75, 1.25, 0.75, 0.25, -0.25, 0.25, -0.25, -0.75, -1.25, -0.75, -1.25, 1.0,
    0.5, 1.0, 0.5, 0.0, -0.5, 0.0, -0.5, -1.0, 1.25};
static const int64_t conf_autograd_permute_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_permute_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_permute_out[] = {
    {3, conf_autograd_permute_out_0_shape,
     conf_autograd_permute_out_0_data},
    {3, conf_autograd_permute_out_1_shape,
     conf_autograd_permute_out_1_data},
    {3, conf_autograd_permute_out_2_shape,
     conf_autograd_permute_out_2_data}};
CONF_PROG(conf_autograd_permute,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo permute)",
          CONF_EAGER,
    "prog conf_autograd_permute\n"
    "in 2,3,4\n"
    "v1 = permute v0 [2,0,1]\n"
    "out v1\n"
    "end\n",
          conf_autograd_permute_in, 1,
          conf_autograd_permute_out, 3, 0)
static const int64_t conf_autograd_flatten_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_flatten_in_0_data[] = {
    1.3082855301117218, -0.3778512834480633, 0.44125932550452973, 1.2203355535969365,
    1.4215484190685737, -0.5518308527966939, -1.2651736724662022, 0.9688058089890932,
    -0.021604670941183488, -0.7268386525539718, -0.1722244486327467, -1.6279705920350567,
    -0.15642871917001142, 0.2592444916634238, 0.22183325256848546, 0.559610266939434,
    1.423016929272231, 0.35264639298983935, -0.14661608119567082, -2.008718346002848,
    0.34575209516909805, -0.9147059598620791, -0.7997444525254943, 0.682804815303153};
static const conf_array conf_autograd_flatten_in[] = {
    {3, conf_autograd_flatten_in_0_shape,
     conf_autograd_flatten_in_0_data}};
static const int64_t conf_autograd_flatten_out_0_shape[] = {2, 12};
static const double conf_autograd_flatten_out_0_data[] = {
    1.3082855301117218, -0.3778512834480633, 0.44125932550452973, 1.2203355535969365,
    1.4215484190685737, -0.5518308527966939, -1.2651736724662022, 0.9688058089890932,
    -0.021604670941183488, -0.7268386525539718, -0.1722244486327467, -1.6279705920350567,
    -0.15642871917001142, 0.2592444916634238, 0.22183325256848546, 0.559610266939434,
    1.423016929272231, 0.35264639298983935, -0.14661608119567082, -2.008718346002848,
    0.34575209516909805, -0.9147059598620791, -0.7997444525254943, 0.682804815303153};
static const int64_t conf_autograd_flatten_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_flatten_out_1_data[] = {
    -0.5, 1.25, 0.25, -0.75, 1.0, 0.0, -1.0, 0.75, -0.25, -1.25, 0.5, -0.5, 1.25, 0.25, -0.75,
    1.0, 0.0, -1.0, 0.75, -0.25, -1.25, 0.5, -0.5, 1.25};
static const int64_t conf_autograd_flatten_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_flatten_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_flatten_out[] = {
    {2, conf_autograd_flatten_out_0_shape,
     conf_autograd_flatten_out_0_data},
    {3, conf_autograd_flatten_out_1_shape,
     conf_autograd_flatten_out_1_data},
    {3, conf_autograd_flatten_out_2_shape,
     conf_autograd_flatten_out_2_data}};
CONF_PROG(conf_autograd_flatten,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo flatten)",
          CONF_EAGER,
    "prog conf_autograd_flatten\n"
    "in 2,3,4\n"
    "v1 = flatten v0 1 2\n"
    "out v1\n"
    "end\n",
          conf_autograd_flatten_in, 1,
          conf_autograd_flatten_out, 3, 0)
static const int64_t conf_autograd_transpose_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_transpose_in_0_data[] = {
    1.388606264032959, 0.8095607382696017, 0.7946771751885313, -0.25745234345747264,
    -1.2596849795089329, 1.2392357613864062, 1.1656386904269551, -1.527180983117926,
    -0.5508296287393895, -0.6233221096584938, -0.566448123568048, 0.49338142561388587,
    1.9160227690626523, 0.8155548665477589, -0.35543272248809327, 0.16140892373142096,
    -1.2561183343830153, -0.7529485280604369, 0.05150977293794267, -1.147132598863092,
    1.6416659612461126, -0.46265016677864834, 0.5479279654141519, 1.3137036880716964};
static const conf_array conf_autograd_transpose_in[] = {
    {3, conf_autograd_transpose_in_0_shape,
     conf_autograd_transpose_in_0_data}};
static const int64_t conf_autograd_transpose_out_0_shape[] = {4, 3, 2};
static const double conf_autograd_transpose_out_0_data[] = {
    1.388606264032959, 1.9160227690626523, -1.2596849795089329, -1.2561183343830153,
    -0.5508296287393895, 1.6416659612461126, 0.8095607382696017, 0.8155548665477589,
    1.2392357613864062, -0.7529485280604369, -0.6233221096584938, -0.46265016677864834,
    0.7946771751885313, -0.35543272248809327, 1.1656386904269551, 0.05150977293794267,
    -0.566448123568048, 0.5479279654141519, -0.25745234345747264, 0.16140892373142096,
    -1.527180983117926, -1.147132598863092, 0.49338142561388587, 1.3137036880716964};
static const int64_t conf_autograd_transpose_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_transpose_out_1_data[] = {
    -0.5, -1.0, 1.25, 0.75, 0.25, -0.25, -0.75, -1.25, 1.0, 0.5, 0.0, -0.5, 1.25, 0.75, 0.25,
    -0.25, -0.75, -1.25, 1.0, 0.5, 0.0, -0.5, -1.0, 1.25};
static const int64_t conf_autograd_transpose_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_transpose_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_transpose_out[] = {
    {3, conf_autograd_transpose_out_0_shape,
     conf_autograd_transpose_out_0_data},
    {3, conf_autograd_transpose_out_1_shape,
     conf_autograd_transpose_out_1_data},
    {3, conf_autograd_transpose_out_2_shape,
     conf_autograd_transpose_out_2_data}};
CONF_PROG(conf_autograd_transpose,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo transpose)",
          CONF_EAGER,
    "prog conf_autograd_transpose\n"
    "in 2,3,4\n"
    "v1 = transpose v0 0 2\n"
    "out v1\n"
    "end\n",
          conf_autograd_transpose_in, 1,
          conf_autograd_transpose_out, 3, 0)
static const int64_t conf_autograd_squeeze_in_0_shape[] = {3, 1, 2};
static const double conf_autograd_squeeze_in_0_data[] = {
    -0.8589203995982896, -1.545709932106977, 0.9814697885105265, 0.33458001077085187,
    0.595465519435665, 0.7203730849249512};
static const conf_array conf_autograd_squeeze_in[] = {
    {3, conf_autograd_squeeze_in_0_shape,
     conf_autograd_squeeze_in_0_data}};
static const int64_t conf_autograd_squeeze_out_0_shape[] = {3, 2};
static const double conf_autograd_squeeze_out_0_data[] = {
    -0.8589203995982896, -1.545709932106977, 0.9814697885105265, 0.33458001077085187,
    0.595465519435665, 0.7203730849249512};
static const int64_t conf_autograd_squeeze_out_1_shape[] = {3, 1, 2};
static const double conf_autograd_squeeze_out_1_data[] = {
    -0.5, 1.25, 0.25, -0.75, 1.0, 0.0};
static const int64_t conf_autograd_squeeze_out_2_shape[] = {3, 1, 2};
static const double conf_autograd_squeeze_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_squeeze_out[] = {
    {2, conf_autograd_squeeze_out_0_shape,
     conf_autograd_squeeze_out_0_data},
    {3, conf_autograd_squeeze_out_1_shape,
     conf_autograd_squeeze_out_1_data},
    {3, conf_autograd_squeeze_out_2_shape,
     conf_autograd_squeeze_out_2_data}};
CONF_PROG(conf_autograd_squeeze,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo squeeze)",
          CONF_EAGER,
    "prog conf_autograd_squeeze\n"
    "in 3,1,2\n"
    "v1 = squeeze v0 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_squeeze_in, 1,
          conf_autograd_squeeze_out, 3, 0)
static const int64_t conf_autograd_squeeze_all_in_0_shape[] = {1, 3, 1};
static const double conf_autograd_squeeze_all_in_0_data[] = {
    -1.02290627289354, -0.5571489743195815, -0.050176186670519735};
static const conf_array conf_autograd_squeeze_all_in[] = {
    {3, conf_autograd_squeeze_all_in_0_shape,
     conf_autograd_squeeze_all_in_0_data}};
static const int64_t conf_autograd_squeeze_all_out_0_shape[] = {3};
static const double conf_autograd_squeeze_all_out_0_data[] = {
    -1.02290627289354, -0.5571489743195815, -0.050176186670519735};
static const int64_t conf_autograd_squeeze_all_out_1_shape[] = {1, 3, 1};
static const double conf_autograd_squeeze_all_out_1_data[] = {
    -0.5, 1.25, 0.25};
static const int64_t conf_autograd_squeeze_all_out_2_shape[] = {1, 3, 1};
static const double conf_autograd_squeeze_all_out_2_data[] = {
    0.0, 0.0, 0.0};
static const conf_array conf_autograd_squeeze_all_out[] = {
    {1, conf_autograd_squeeze_all_out_0_shape,
     conf_autograd_squeeze_all_out_0_data},
    {3, conf_autograd_squeeze_all_out_1_shape,
     conf_autograd_squeeze_all_out_1_data},
    {3, conf_autograd_squeeze_all_out_2_shape,
     conf_autograd_squeeze_all_out_2_data}};
CONF_PROG(conf_autograd_squeeze_all,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo squeeze_all)",
          CONF_EAGER,
    "prog conf_autograd_squeeze_all\n"
    "in 1,3,1\n"
    "v1 = squeeze_all v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_squeeze_all_in, 1,
          conf_autograd_squeeze_all_out, 3, 0)
static const int64_t conf_autograd_unsqueeze_in_0_shape[] = {3, 2};
static const double conf_autograd_unsqueeze_in_0_data[] = {
    -0.8812921237141979, -0.35072571435026384, 0.14080345980418166, 0.2349715369039377,
    -0.47381789517773487, 0.6759612597181832};
static const conf_array conf_autograd_unsqueeze_in[] = {
    {2, conf_autograd_unsqueeze_in_0_shape,
     conf_autograd_unsqueeze_in_0_data}};
static const int64_t conf_autograd_unsqueeze_out_0_shape[] = {3, 2, 1};
static const double conf_autograd_unsqueeze_out_0_data[] = {
    -0.8812921237141979, -0.35072571435026384, 0.14080345980418166, 0.2349715369039377,
    -0.47381789517773487, 0.6759612597181832};
static const int64_t conf_autograd_unsqueeze_out_1_shape[] = {3, 2};
static const double conf_autograd_unsqueeze_out_1_data[] = {
    -0.5, 1.25, 0.25, -0.75, 1.0, 0.0};
static const int64_t conf_autograd_unsqueeze_out_2_shape[] = {3, 2};
static const double conf_autograd_unsqueeze_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_unsqueeze_out[] = {
    {3, conf_autograd_unsqueeze_out_0_shape,
     conf_autograd_unsqueeze_out_0_data},
    {2, conf_autograd_unsqueeze_out_1_shape,
     conf_autograd_unsqueeze_out_1_data},
    {2, conf_autograd_unsqueeze_out_2_shape,
     conf_autograd_unsqueeze_out_2_data}};
CONF_PROG(conf_autograd_unsqueeze,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo unsqueeze)",
          CONF_EAGER,
    "prog conf_autograd_unsqueeze\n"
    "in 3,2\n"
    "v1 = unsqueeze v0 -1\n"
    "out v1\n"
    "end\n",
          conf_autograd_unsqueeze_in, 1,
          conf_autograd_unsqueeze_out, 3, 0)
static const int64_t conf_autograd_slice_step_in_0_shape[] = {7, 2};
static const double conf_autograd_slice_step_in_0_data[] = {
    0.07958897268382427, 0.7446618649368448, 0.07802217500644235, -0.744813965696866,
    0.1917193512519311, -0.41331055049624, 0.9813103495542274, 0.9811090877334679,
    -1.2091306040802807, 0.44189061833359844, -1.2998020132867856, 0.16316989635711385,
    0.1720914347527315, -0.2818781508840164};
static const conf_array conf_autograd_slice_step_in[] = {
    {2, conf_autograd_slice_step_in_0_shape,
     conf_autograd_slice_step_in_0_data}};
static const int64_t conf_autograd_slice_step_out_0_shape[] = {3, 2};
static const double conf_autograd_slice_step_out_0_data[] = {
    0.07802217500644235, -0.744813965696866, 0.9813103495542274, 0.9811090877334679,
    -1.2998020132867856, 0.16316989635711385};
static const int64_t conf_autograd_slice_step_out_1_shape[] = {7, 2};
static const double conf_autograd_slice_step_out_1_data[] = {
    0.0, 0.0, -0.5, 1.25, 0.0, 0.0, 0.25, -0.75, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_slice_step_out_2_shape[] = {7, 2};
static const double conf_autograd_slice_step_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_slice_step_out[] = {
    {2, conf_autograd_slice_step_out_0_shape,
     conf_autograd_slice_step_out_0_data},
    {2, conf_autograd_slice_step_out_1_shape,
     conf_autograd_slice_step_out_1_data},
    {2, conf_autograd_slice_step_out_2_shape,
     conf_autograd_slice_step_out_2_data}};
CONF_PROG(conf_autograd_slice_step,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo slice)",
          CONF_EAGER,
    "prog conf_autograd_slice_step\n"
    "in 7,2\n"
    "v1 = slice v0 0 1 6 2\n"
    "out v1\n"
    "end\n",
          conf_autograd_slice_step_in, 1,
          conf_autograd_slice_step_out, 3, 0)
static const int64_t conf_autograd_slice_negative_in_0_shape[] = {5};
static const double conf_autograd_slice_negative_in_0_data[] = {
    -0.5257621957776112, 0.43289971563765794, 0.18187723009606144, -0.030706372675766463,
    1.0597134955118834};
static const conf_array conf_autograd_slice_negative_in[] = {
    {1, conf_autograd_slice_negative_in_0_shape,
     conf_autograd_slice_negative_in_0_data}};
static const int64_t conf_autograd_slice_negative_out_0_shape[] = {3};
static const double conf_autograd_slice_negative_out_0_data[] = {
    0.18187723009606144, -0.030706372675766463, 1.0597134955118834};
static const int64_t conf_autograd_slice_negative_out_1_shape[] = {5};
static const double conf_autograd_slice_negative_out_1_data[] = {
    0.0, 0.0, -0.5, 1.25, 0.25};
static const int64_t conf_autograd_slice_negative_out_2_shape[] = {5};
static const double conf_autograd_slice_negative_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_slice_negative_out[] = {
    {1, conf_autograd_slice_negative_out_0_shape,
     conf_autograd_slice_negative_out_0_data},
    {1, conf_autograd_slice_negative_out_1_shape,
     conf_autograd_slice_negative_out_1_data},
    {1, conf_autograd_slice_negative_out_2_shape,
     conf_autograd_slice_negative_out_2_data}};
CONF_PROG(conf_autograd_slice_negative,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo slice)",
          CONF_EAGER,
    "prog conf_autograd_slice_negative\n"
    "in 5\n"
    "v1 = slice v0 0 -3 100 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_slice_negative_in, 1,
          conf_autograd_slice_negative_out, 3, 0)
static const int64_t conf_autograd_select_in_0_shape[] = {3, 4};
static const double conf_autograd_select_in_0_data[] = {
    0.9081762405711148, -0.41322208460164295, 0.4155459547131615, 1.0874896988245177,
    0.44019615826984093, -1.551764587284362, -2.2514118663670035, -0.2804788088998279,
    1.0017267336675542, -0.04640873106568292, 1.5528802594807194, -0.7911874363727163};
static const conf_array conf_autograd_select_in[] = {
    {2, conf_autograd_select_in_0_shape,
     conf_autograd_select_in_0_data}};
static const int64_t conf_autograd_select_out_0_shape[] = {3};
static const double conf_autograd_select_out_0_data[] = {
    1.0874896988245177, -0.2804788088998279, -0.7911874363727163};
static const int64_t conf_autograd_select_out_1_shape[] = {3, 4};
static const double conf_autograd_select_out_1_data[] = {
    0.0, 0.0, 0.0, -0.5, 0.0, 0.0, 0.0, 1.25, 0.0, 0.0, 0.0, 0.25};
static const int64_t conf_autograd_select_out_2_shape[] = {3, 4};
static const double conf_autograd_select_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_select_out[] = {
    {1, conf_autograd_select_out_0_shape,
     conf_autograd_select_out_0_data},
    {2, conf_autograd_select_out_1_shape,
     conf_autograd_select_out_1_data},
    {2, conf_autograd_select_out_2_shape,
     conf_autograd_select_out_2_data}};
CONF_PROG(conf_autograd_select,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo select)",
          CONF_EAGER,
    "prog conf_autograd_select\n"
    "in 3,4\n"
    "v1 = select v0 1 -1\n"
    "out v1\n"
    "end\n",
          conf_autograd_select_in, 1,
          conf_autograd_select_out, 3, 0)
static const int64_t conf_autograd_diagonal_in_0_shape[] = {3, 4};
static const double conf_autograd_diagonal_in_0_data[] = {
    0.062124519745901594, -0.31881032920409486, 0.6383601032249063, -0.5268124205916973,
    -0.4924126244222069, 1.085766724939149, 0.41308221421980373, 0.1578738260785035,
    0.9079301785775235, -0.13035834116661746, -0.6810026636493219, 0.7512041609644331};
static const conf_array conf_autograd_diagonal_in[] = {
    {2, conf_autograd_diagonal_in_0_shape,
     conf_autograd_diagonal_in_0_data}};
static const int64_t conf_autograd_diagonal_out_0_shape[] = {3};
static const double conf_autograd_diagonal_out_0_data[] = {
    0.062124519745901594, 1.085766724939149, -0.6810026636493219};
static const int64_t conf_autograd_diagonal_out_1_shape[] = {3, 4};
static const double conf_autograd_diagonal_out_1_data[] = {
    -0.5, 0.0, 0.0, 0.0, 0.0, 1.25, 0.0, 0.0, 0.0, 0.0, 0.25, 0.0};
static const int64_t conf_autograd_diagonal_out_2_shape[] = {3, 4};
static const double conf_autograd_diagonal_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_diagonal_out[] = {
    {1, conf_autograd_diagonal_out_0_shape,
     conf_autograd_diagonal_out_0_data},
    {2, conf_autograd_diagonal_out_1_shape,
     conf_autograd_diagonal_out_1_data},
    {2, conf_autograd_diagonal_out_2_shape,
     conf_autograd_diagonal_out_2_data}};
CONF_PROG(conf_autograd_diagonal,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo diagonal)",
          CONF_EAGER,
    "prog conf_autograd_diagonal\n"
    "in 3,4\n"
    "v1 = diagonal v0 0 0 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_diagonal_in, 1,
          conf_autograd_diagonal_out, 3, 0)
static const int64_t conf_autograd_diagonal_offset_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_diagonal_offset_in_0_data[] = {
    1.110935011628399, -0.7648392958349809, 1.7395323644241147, 0.07023659164921399,
    -1.0683749020895492, 1.1952232259031628, -0.030981317549759843, -0.489732496303424,
    0.9225645040109737, -0.07628064069176704, -0.23914206935618212, -1.535082115300961,
    0.30909477464494434, 1.5108512556716855, -0.5561198868050022, 0.6172686243158336,
    -0.7893449450074941, 0.02762641991751583, 0.008689860966580013, 0.8617508050909636,
    1.7629922037060917, 0.06459429993774299, -0.9152890149634134, -0.7377840829554979};
static const conf_array conf_autograd_diagonal_offset_in[] = {
    {3, conf_autograd_diagonal_offset_in_0_shape,
     conf_autograd_diagonal_offset_in_0_data}};
static const int64_t conf_autograd_diagonal_offset_out_0_shape[] = {2, 3};
static const double conf_autograd_diagonal_offset_out_0_data[] = {
    -0.7648392958349809, -0.030981317549759843, -1.535082115300961, 1.5108512556716855,
    0.008689860966580013, -0.7377840829554979};
static const int64_t conf_autograd_diagonal_offset_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_diagonal_offset_out_1_data[] = {
    0.0, -0.5, 0.0, 0.0, 0.0, 0.0, 1.25, 0.0, 0.0, 0.0, 0.0, 0.25, 0.0, -0.75, 0.0, 0.0, 0.0, 0.0,
    1.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_diagonal_offset_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_diagonal_offset_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_diagonal_offset_out[] = {
    {2, conf_autograd_diagonal_offset_out_0_shape,
     conf_autograd_diagonal_offset_out_0_data},
    {3, conf_autograd_diagonal_offset_out_1_shape,
     conf_autograd_diagonal_offset_out_1_data},
    {3, conf_autograd_diagonal_offset_out_2_shape,
     conf_autograd_diagonal_offset_out_2_data}};
CONF_PROG(conf_autograd_diagonal_offset,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo diagonal)",
          CONF_EAGER,
    "prog conf_autograd_diagonal_offset\n"
    "in 2,3,4\n"
    "v1 = diagonal v0 1 1 2\n"
    "out v1\n"
    "end\n",
          conf_autograd_diagonal_offset_in, 1,
          conf_autograd_diagonal_offset_out, 3, 0)
static const int64_t conf_autograd_diagonal_negative_offset_in_0_shape[] = {4, 3};
static const double conf_autograd_diagonal_negative_offset_in_0_data[] = {
    -0.5954864505404257, -0.0991437312100144, -1.6455801306629843, 0.7250529773401332,
    1.9620231770310355, -1.342136015542658, 0.21454633504471432, -0.6029670120059231,
    -0.7623994199366279, 1.4884343151020922, -1.197833337648486, 0.12963084928179694};
static const conf_array conf_autograd_diagonal_negative_offset_in[] = {
    {2, conf_autograd_diagonal_negative_offset_in_0_shape,
     conf_autograd_diagonal_negative_offset_in_0_data}};
static const int64_t conf_autograd_diagonal_negative_offset_out_0_shape[] = {3};
static const double conf_autograd_diagonal_negative_offset_out_0_data[] = {
    0.7250529773401332, -0.6029670120059231, 0.12963084928179694};
static const int64_t conf_autograd_diagonal_negative_offset_out_1_shape[] = {4, 3};
static const double conf_autograd_diagonal_negative_offset_out_1_data[] = {
    0.0, 0.0, 0.0, -0.5, 0.0, 0.0, 0.0, 1.25, 0.0, 0.0, 0.0, 0.25};
static const int64_t conf_autograd_diagonal_negative_offset_out_2_shape[] = {4, 3};
static const double conf_autograd_diagonal_negative_offset_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_diagonal_negative_offset_out[] = {
    {1, conf_autograd_diagonal_negative_offset_out_0_shape,
     conf_autograd_diagonal_negative_offset_out_0_data},
    {2, conf_autograd_diagonal_negative_offset_out_1_shape,
     conf_autograd_diagonal_negative_offset_out_1_data},
    {2, conf_autograd_diagonal_negative_offset_out_2_shape,
     conf_autograd_diagonal_negative_offset_out_2_data}};
CONF_PROG(conf_autograd_diagonal_negative_offset,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo diagonal)",
          CONF_EAGER,
    "prog conf_autograd_diagonal_negative_offset\n"
    "in 4,3\n"
    "v1 = diagonal v0 -1 0 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_diagonal_negative_offset_in, 1,
          conf_autograd_diagonal_negative_offset_out, 3, 0)
static const int64_t conf_autograd_cat_in_0_shape[] = {2, 3};
static const double conf_autograd_cat_in_0_data[] = {
    -0.18590222723992667, -0.8495169162599553, 0.11482015207876187, -0.915652876819731,
    0.3283390362324015, -1.1882267941939186};
static const int64_t conf_autograd_cat_in_1_shape[] = {1, 3};
static const double conf_autograd_cat_in_1_data[] = {
    -0.51711348671756, 0.7712357434822673, 0.2208299947795611};
static const conf_array conf_autograd_cat_in[] = {
    {2, conf_autograd_cat_in_0_shape,
     conf_autograd_cat_in_0_data},
    {2, conf_autograd_cat_in_1_shape,
     conf_autograd_cat_in_1_data}};
static const int64_t conf_autograd_cat_out_0_shape[] = {5, 3};
static const double conf_autograd_cat_out_0_data[] = {
    -0.18590222723992667, -0.8495169162599553, 0.11482015207876187, -0.915652876819731,
    0.3283390362324015, -1.1882267941939186, -0.51711348671756, 0.7712357434822673,
    0.2208299947795611, -0.18590222723992667, -0.8495169162599553, 0.11482015207876187,
    -0.915652876819731, 0.3283390362324015, -1.1882267941939186};
static const int64_t conf_autograd_cat_out_1_shape[] = {2, 3};
static const double conf_autograd_cat_out_1_data[] = {
    -1.75, 1.75, -0.25, 0.5, 1.25, -0.75};
static const int64_t conf_autograd_cat_out_2_shape[] = {1, 3};
static const double conf_autograd_cat_out_2_data[] = {
    -1.0, 0.75, -0.25};
static const int64_t conf_autograd_cat_out_3_shape[] = {2, 3};
static const double conf_autograd_cat_out_3_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_cat_out_4_shape[] = {1, 3};
static const double conf_autograd_cat_out_4_data[] = {
    0.0, 0.0, 0.0};
static const conf_array conf_autograd_cat_out[] = {
    {2, conf_autograd_cat_out_0_shape,
     conf_autograd_cat_out_0_data},
    {2, conf_autograd_cat_out_1_shape,
     conf_autograd_cat_out_1_data},
    {2, conf_autograd_cat_out_2_shape,
     conf_autograd_cat_out_2_data},
    {2, conf_autograd_cat_out_3_shape,
     conf_autograd_cat_out_3_data},
    {2, conf_autograd_cat_out_4_shape,
     conf_autograd_cat_out_4_data}};
CONF_PROG(conf_autograd_cat,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo cat)",
          CONF_EAGER,
    "prog conf_autograd_cat\n"
    "in 2,3\n"
    "in 1,3\n"
    "v2 = cat 0 v0 v1 v0\n"
    "out v2\n"
    "end\n",
          conf_autograd_cat_in, 2,
          conf_autograd_cat_out, 5, 0)
static const int64_t conf_autograd_cat_last_in_0_shape[] = {2, 3};
static const double conf_autograd_cat_last_in_0_data[] = {
    -0.1336606582413654, 0.0827749159865574, 1.9467680176741333, 2.041726933184171,
    -1.7337249797467844, -1.4030324650030486};
static const int64_t conf_autograd_cat_last_in_1_shape[] = {2, 1};
static const double conf_autograd_cat_last_in_1_data[] = {
    0.9667081778994112, -0.1776334528352898};
static const conf_array conf_autograd_cat_last_in[] = {
    {2, conf_autograd_cat_last_in_0_shape,
     conf_autograd_cat_last_in_0_data},
    {2, conf_autograd_cat_last_in_1_shape,
     conf_autograd_cat_last_in_1_data}};
static const int64_t conf_autograd_cat_last_out_0_shape[] = {2, 4};
static const double conf_autograd_cat_last_out_0_data[] = {
    0.9667081778994112, -0.1336606582413654, 0.0827749159865574, 1.9467680176741333,
    -0.1776334528352898, 2.041726933184171, -1.7337249797467844, -1.4030324650030486};
static const int64_t conf_autograd_cat_last_out_1_shape[] = {2, 3};
static const double conf_autograd_cat_last_out_1_data[] = {
    1.25, 0.25, -0.75, 0.0, -1.0, 0.75};
static const int64_t conf_autograd_cat_last_out_2_shape[] = {2, 1};
static const double conf_autograd_cat_last_out_2_data[] = {
    -0.5, 1.0};
static const int64_t conf_autograd_cat_last_out_3_shape[] = {2, 3};
static const double conf_autograd_cat_last_out_3_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_cat_last_out_4_shape[] = {2, 1};
static const double conf_autograd_cat_last_out_4_data[] = {
    0.0, 0.0};
static const conf_array conf_autograd_cat_last_out[] = {
    {2, conf_autograd_cat_last_out_0_shape,
     conf_autograd_cat_last_out_0_data},
    {2, conf_autograd_cat_last_out_1_shape,
     conf_autograd_cat_last_out_1_data},
    {2, conf_autograd_cat_last_out_2_shape,
     conf_autograd_cat_last_out_2_data},
    {2, conf_autograd_cat_last_out_3_shape,
     conf_autograd_cat_last_out_3_data},
    {2, conf_autograd_cat_last_out_4_shape,
     conf_autograd_cat_last_out_4_data}};
CONF_PROG(conf_autograd_cat_last,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo cat)",
          CONF_EAGER,
    "prog conf_autograd_cat_last\n"
    "in 2,3\n"
    "in 2,1\n"
    "v2 = cat -1 v1 v0\n"
    "out v2\n"
    "end\n",
          conf_autograd_cat_last_in, 2,
          conf_autograd_cat_last_out, 5, 0)
static const int64_t conf_autograd_stack_in_0_shape[] = {2, 3};
static const double conf_autograd_stack_in_0_data[] = {
    -0.5349828533240965, -0.3817266196078144, 1.231680707884918, -0.4270213870580779,
    1.4815018932577948, -1.4244721924857366};
static const int64_t conf_autograd_stack_in_1_shape[] = {2, 3};
static const double conf_autograd_stack_in_1_data[] = {
    0.15163918192833106, 0.4926371108012236, -0.06906809998465695, -0.8211054098203368,
    -0.036527988754194066, 0.7993125129225402};
static const conf_array conf_autograd_stack_in[] = {
    {2, conf_autograd_stack_in_0_shape,
     conf_autograd_stack_in_0_data},
    {2, conf_autograd_stack_in_1_shape,
     conf_autograd_stack_in_1_data}};
static const int64_t conf_autograd_stack_out_0_shape[] = {2, 2, 3};
static const double conf_autograd_stack_out_0_data[] = {
    -0.5349828533240965, -0.3817266196078144, 1.231680707884918, 0.15163918192833106,
    0.4926371108012236, -0.06906809998465695, -0.4270213870580779, 1.4815018932577948,
    -1.4244721924857366, -0.8211054098203368, -0.036527988754194066, 0.7993125129225402};
static const int64_t conf_autograd_stack_out_1_shape[] = {2, 3};
static const double conf_autograd_stack_out_1_data[] = {
    -0.5, 1.25, 0.25, -1.0, 0.75, -0.25};
static const int64_t conf_autograd_stack_out_2_shape[] = {2, 3};
static const double conf_autograd_stack_out_2_data[] = {
    -0.75, 1.0, 0.0, -1.25, 0.5, -0.5};
static const int64_t conf_autograd_stack_out_3_shape[] = {2, 3};
static const double conf_autograd_stack_out_3_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_stack_out_4_shape[] = {2, 3};
static const double conf_autograd_stack_out_4_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_stack_out[] = {
    {3, conf_autograd_stack_out_0_shape,
     conf_autograd_stack_out_0_data},
    {2, conf_autograd_stack_out_1_shape,
     conf_autograd_stack_out_1_data},
    {2, conf_autograd_stack_out_2_shape,
     conf_autograd_stack_out_2_data},
    {2, conf_autograd_stack_out_3_shape,
     conf_autograd_stack_out_3_data},
    {2, conf_autograd_stack_out_4_shape,
     conf_autograd_stack_out_4_data}};
CONF_PROG(conf_autograd_stack,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo stack)",
          CONF_EAGER,
    "prog conf_autograd_stack\n"
    "in 2,3\n"
    "in 2,3\n"
    "v2 = stack 1 v0 v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_stack_in, 2,
          conf_autograd_stack_out, 5, 0)
static const int64_t conf_autograd_split_in_0_shape[] = {5, 2};
static const double conf_autograd_split_in_0_data[] = {
    1.0362200598805453, 0.31685772760316777, 0.3180025501536542, 0.8794657022623319,
    0.9861184601087274, -0.026536432864657077, 0.2503271594000604, -0.8052060482068606,
    0.04931835417202864, -0.029487168896015794};
static const conf_array conf_autograd_split_in[] = {
    {2, conf_autograd_split_in_0_shape,
     conf_autograd_split_in_0_data}};
static const int64_t conf_autograd_split_out_0_shape[] = {1, 2};
static const double conf_autograd_split_out_0_data[] = {
    0.04931835417202864, -0.029487168896015794};
static const int64_t conf_autograd_split_out_1_shape[] = {5, 2};
static const double conf_autograd_split_out_1_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.5, 1.25};
static const int64_t conf_autograd_split_out_2_shape[] = {5, 2};
static const double conf_autograd_split_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_split_out[] = {
    {2, conf_autograd_split_out_0_shape,
     conf_autograd_split_out_0_data},
    {2, conf_autograd_split_out_1_shape,
     conf_autograd_split_out_1_data},
    {2, conf_autograd_split_out_2_shape,
     conf_autograd_split_out_2_data}};
CONF_PROG(conf_autograd_split,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo split)",
          CONF_EAGER,
    "prog conf_autograd_split\n"
    "in 5,2\n"
    "v1 = split v0 2 0 2\n"
    "out v1\n"
    "end\n",
          conf_autograd_split_in, 1,
          conf_autograd_split_out, 3, 0)
static const int64_t conf_autograd_chunk_in_0_shape[] = {2, 7};
static const double conf_autograd_chunk_in_0_data[] = {
    1.253402205365691, 0.35531157629105703, -0.32379593796124617, 1.2221543807941162,
    2.5372374549050187, -0.031977334546385315, -1.1218179138200073, 1.5760239691569589,
    -1.1286438848747165, 0.07608184958191631, -3.6896099641729427, -1.325283382857153,
    0.06285883148285396, 0.7552727642596331};
static const conf_array conf_autograd_chunk_in[] = {
    {2, conf_autograd_chunk_in_0_shape,
     conf_autograd_chunk_in_0_data}};
static const int64_t conf_autograd_chunk_out_0_shape[] = {2, 3};
static const double conf_autograd_chunk_out_0_data[] = {
    1.2221543807941162, 2.5372374549050187, -0.031977334546385315, -3.6896099641729427,
    -1.325283382857153, 0.06285883148285396};
static const int64_t conf_autograd_chunk_out_1_shape[] = {2, 7};
static const double conf_autograd_chunk_out_1_data[] = {
    0.0, 0.0, 0.0, -0.5, 1.25, 0.25, 0.0, 0.0, 0.0, 0.0, -0.75, 1.0, 0.0, 0.0};
static const int64_t conf_autograd_chunk_out_2_shape[] = {2, 7};
static const double conf_autograd_chunk_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_chunk_out[] = {
    {2, conf_autograd_chunk_out_0_shape,
     conf_autograd_chunk_out_0_data},
    {2, conf_autograd_chunk_out_1_shape,
     conf_autograd_chunk_out_1_data},
    {2, conf_autograd_chunk_out_2_shape,
     conf_autograd_chunk_out_2_data}};
CONF_PROG(conf_autograd_chunk,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo chunk)",
          CONF_EAGER,
    "prog conf_autograd_chunk\n"
    "in 2,7\n"
    "v1 = chunk v0 3 1 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_chunk_in, 1,
          conf_autograd_chunk_out, 3, 0)
static const int64_t conf_autograd_flip_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_flip_in_0_data[] = {
    0.6056277019218121, -0.026955502920317936, -1.7707773272988878, 0.4458655636168802,
    0.2333188232987021, -1.6837093885472485, -0.7424963874707657, -0.9674161890476536,
    0.013672908917679773, -1.4086722369589724, 1.0962530497373029, 2.1743726726118715,
    -0.0012127958403180086, -0.3986087174298416, -0.7980302773279428, 1.163408960954926,
    0.27467793125137246, 0.6830141287474975, -0.5319126224140652, -0.7383126981897045,
    -0.9880853797860988, -0.5471100500027353, -0.7433157880612238, -0.26504071861845996};
static const conf_array conf_autograd_flip_in[] = {
    {3, conf_autograd_flip_in_0_shape,
     conf_autograd_flip_in_0_data}};
static const int64_t conf_autograd_flip_out_0_shape[] = {2, 3, 4};
static const double conf_autograd_flip_out_0_data[] = {
    1.163408960954926, -0.7980302773279428, -0.3986087174298416, -0.0012127958403180086,
    -0.7383126981897045, -0.5319126224140652, 0.6830141287474975, 0.27467793125137246,
    -0.26504071861845996, -0.7433157880612238, -0.5471100500027353, -0.9880853797860988,
    0.4458655636168802, -1.7707773272988878, -0.026955502920317936, 0.6056277019218121,
    -0.9674161890476536, -0.7424963874707657, -1.6837093885472485, 0.2333188232987021,
    2.1743726726118715, 1.0962530497373029, -1.4086722369589724, 0.013672908917679773};
static const int64_t conf_autograd_flip_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_flip_out_1_data[] = {
    1.0, -0.75, 0.25, 1.25, -0.25, 0.75, -1.0, 0.0, 1.25, -0.5, 0.5, -1.25, -0.75, 0.25, 1.25,
    -0.5, 0.75, -1.0, 0.0, 1.0, -0.5, 0.5, -1.25, -0.25};
static const int64_t conf_autograd_flip_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_flip_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_flip_out[] = {
    {3, conf_autograd_flip_out_0_shape,
     conf_autograd_flip_out_0_data},
    {3, conf_autograd_flip_out_1_shape,
     conf_autograd_flip_out_1_data},
    {3, conf_autograd_flip_out_2_shape,
     conf_autograd_flip_out_2_data}};
CONF_PROG(conf_autograd_flip,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo flip)",
          CONF_EAGER,
    "prog conf_autograd_flip\n"
    "in 2,3,4\n"
    "v1 = flip v0 [0,2]\n"
    "out v1\n"
    "end\n",
          conf_autograd_flip_in, 1,
          conf_autograd_flip_out, 3, 0)
static const int64_t conf_autograd_repeat_in_0_shape[] = {2, 3};
static const double conf_autograd_repeat_in_0_data[] = {
    -0.06341498691461427, 0.89737272242489, -0.4241759452943986, -0.30531763360963543,
    -0.5238699596145954, 2.042956895319294};
static const conf_array conf_autograd_repeat_in[] = {
    {2, conf_autograd_repeat_in_0_shape,
     conf_autograd_repeat_in_0_data}};
static const int64_t conf_autograd_repeat_out_0_shape[] = {2, 2, 6};
static const double conf_autograd_repeat_out_0_data[] = {
    -0.06341498691461427, 0.89737272242489, -0.4241759452943986, -0.06341498691461427,
    0.89737272242489, -0.4241759452943986, -0.30531763360963543, -0.5238699596145954,
    2.042956895319294, -0.30531763360963543, -0.5238699596145954, 2.042956895319294,
    -0.06341498691461427, 0.89737272242489, -0.4241759452943986, -0.06341498691461427,
    0.89737272242489, -0.4241759452943986, -0.30531763360963543, -0.5238699596145954,
    2.042956895319294, -0.30531763360963543, -0.5238699596145954, 2.042956895319294};
static const int64_t conf_autograd_repeat_out_1_shape[] = {2, 3};
static const double conf_autograd_repeat_out_1_data[] = {
    1.0, 2.5, -1.5, -1.0, 0.5, -0.75};
static const int64_t conf_autograd_repeat_out_2_shape[] = {2, 3};
static const double conf_autograd_repeat_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_repeat_out[] = {
    {3, conf_autograd_repeat_out_0_shape,
     conf_autograd_repeat_out_0_data},
    {2, conf_autograd_repeat_out_1_shape,
     conf_autograd_repeat_out_1_data},
    {2, conf_autograd_repeat_out_2_shape,
     conf_autograd_repeat_out_2_data}};
CONF_PROG(conf_autograd_repeat,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo repeat)",
          CONF_EAGER,
    "prog conf_autograd_repeat\n"
    "in 2,3\n"
    "v1 = repeat v0 [2,1,2]\n"
    "out v1\n"
    "end\n",
          conf_autograd_repeat_in, 1,
          conf_autograd_repeat_out, 3, 0)
static const int64_t conf_autograd_tril_in_0_shape[] = {3, 4};
static const double conf_autograd_tril_in_0_data[] = {
    -0.8397864881437633, -0.7635503296523644, -0.38378162661069964, -1.1309669772627233,
    0.19390436736221034, -0.03642641746330215, 0.5817878648820323, 0.5031157052520442,
    0.9052019474054784, 0.6829883410708882, -1.0089466008550887, 0.9508640675628438};
static const conf_array conf_autograd_tril_in[] = {
    {2, conf_autograd_tril_in_0_shape,
     conf_autograd_tril_in_0_data}};
static const int64_t conf_autograd_tril_out_0_shape[] = {3, 4};
static const double conf_autograd_tril_out_0_data[] = {
    -0.8397864881437633, 0.0, 0.0, 0.0, 0.19390436736221034, -0.03642641746330215, 0.0, 0.0,
    0.9052019474054784, 0.6829883410708882, -1.0089466008550887, 0.0};
static const int64_t conf_autograd_tril_out_1_shape[] = {3, 4};
static const double conf_autograd_tril_out_1_data[] = {
    -0.5, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, -0.25, -1.25, 0.5, 0.0};
static const int64_t conf_autograd_tril_out_2_shape[] = {3, 4};
static const double conf_autograd_tril_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_tril_out[] = {
    {2, conf_autograd_tril_out_0_shape,
     conf_autograd_tril_out_0_data},
    {2, conf_autograd_tril_out_1_shape,
     conf_autograd_tril_out_1_data},
    {2, conf_autograd_tril_out_2_shape,
     conf_autograd_tril_out_2_data}};
CONF_PROG(conf_autograd_tril,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo tril)",
          CONF_EAGER,
    "prog conf_autograd_tril\n"
    "in 3,4\n"
    "v1 = tril v0 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_tril_in, 1,
          conf_autograd_tril_out, 3, 0)
static const int64_t conf_autograd_triu_in_0_shape[] = {3, 4};
static const double conf_autograd_triu_in_0_data[] = {
    -0.04710397861357349, 1.5130681883976376, 2.0269841325795603, -0.730424636267235,
    -0.5101689366704951, 0.42329805126748504, -0.40291407013523844, -0.4560627445466882,
    -0.10877111010337089, -0.28182335841579503, -0.4555580445105134, -1.224007837363347};
static const conf_array conf_autograd_triu_in[] = {
    {2, conf_autograd_triu_in_0_shape,
     conf_autograd_triu_in_0_data}};
static const int64_t conf_autograd_triu_out_0_shape[] = {3, 4};
static const double conf_autograd_triu_out_0_data[] = {
    0.0, 1.5130681883976376, 2.0269841325795603, -0.730424636267235, 0.0, 0.0,
    -0.40291407013523844, -0.4560627445466882, 0.0, 0.0, 0.0, -1.224007837363347};
static const int64_t conf_autograd_triu_out_1_shape[] = {3, 4};
static const double conf_autograd_triu_out_1_data[] = {
    0.0, 1.25, 0.25, -0.75, 0.0, 0.0, -1.0, 0.75, 0.0, 0.0, 0.0, -0.5};
static const int64_t conf_autograd_triu_out_2_shape[] = {3, 4};
static const double conf_autograd_triu_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_triu_out[] = {
    {2, conf_autograd_triu_out_0_shape,
     conf_autograd_triu_out_0_data},
    {2, conf_autograd_triu_out_1_shape,
     conf_autograd_triu_out_1_data},
    {2, conf_autograd_triu_out_2_shape,
     conf_autograd_triu_out_2_data}};
CONF_PROG(conf_autograd_triu,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo triu)",
          CONF_EAGER,
    "prog conf_autograd_triu\n"
    "in 3,4\n"
    "v1 = triu v0 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_triu_in, 1,
          conf_autograd_triu_out, 3, 0)
static const int64_t conf_autograd_pad_in_0_shape[] = {2, 3};
static const double conf_autograd_pad_in_0_data[] = {
    -0.13827210354322775, 0.8586913134588685, -0.3827359838947063, 0.5400149954890362,
    -0.09102689081857407, 1.6109066435665942};
static const conf_array conf_autograd_pad_in[] = {
    {2, conf_autograd_pad_in_0_shape,
     conf_autograd_pad_in_0_data}};
static const int64_t conf_autograd_pad_out_0_shape[] = {2, 6};
static const double conf_autograd_pad_out_0_data[] = {
    0.5, -0.13827210354322775, 0.8586913134588685, -0.3827359838947063, 0.5, 0.5, 0.5,
    0.5400149954890362, -0.09102689081857407, 1.6109066435665942, 0.5, 0.5};
static const int64_t conf_autograd_pad_out_1_shape[] = {2, 3};
static const double conf_autograd_pad_out_1_data[] = {
    1.25, 0.25, -0.75, 0.75, -0.25, -1.25};
static const int64_t conf_autograd_pad_out_2_shape[] = {2, 3};
static const double conf_autograd_pad_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_pad_out[] = {
    {2, conf_autograd_pad_out_0_shape,
     conf_autograd_pad_out_0_data},
    {2, conf_autograd_pad_out_1_shape,
     conf_autograd_pad_out_1_data},
    {2, conf_autograd_pad_out_2_shape,
     conf_autograd_pad_out_2_data}};
CONF_PROG(conf_autograd_pad,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo pad)",
          CONF_EAGER,
    "prog conf_autograd_pad\n"
    "in 2,3\n"
    "v1 = pad v0 [1,2] 0.5\n"
    "out v1\n"
    "end\n",
          conf_autograd_pad_in, 1,
          conf_autograd_pad_out, 3, 0)
static const int64_t conf_autograd_pad_2d_crop_in_0_shape[] = {3, 4};
static const double conf_autograd_pad_2d_crop_in_0_data[] = {
    0.41253512181550167, 0.3857819145017891, -0.760946662697318, -1.8947644307954163,
    -0.031040357585665566, 0.9789508981463095, 0.3507418141201655, 0.7595067281466817,
    -0.10180340154138208, -2.3666169613232846, -0.7206009984450039, 1.863277223412718};
static const conf_array conf_autograd_pad_2d_crop_in[] = {
    {2, conf_autograd_pad_2d_crop_in_0_shape,
     conf_autograd_pad_2d_crop_in_0_data}};
static const int64_t conf_autograd_pad_2d_crop_out_0_shape[] = {4, 4};
static const double conf_autograd_pad_2d_crop_out_0_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.3857819145017891, -0.760946662697318,
    -1.8947644307954163, 0.0, 0.9789508981463095, 0.3507418141201655, 0.7595067281466817, 0.0};
static const int64_t conf_autograd_pad_2d_crop_out_1_shape[] = {3, 4};
static const double conf_autograd_pad_2d_crop_out_1_data[] = {
    0.0, -0.25, -1.25, 0.5, 0.0, 1.25, 0.25, -0.75, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_pad_2d_crop_out_2_shape[] = {3, 4};
static const double conf_autograd_pad_2d_crop_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_pad_2d_crop_out[] = {
    {2, conf_autograd_pad_2d_crop_out_0_shape,
     conf_autograd_pad_2d_crop_out_0_data},
    {2, conf_autograd_pad_2d_crop_out_1_shape,
     conf_autograd_pad_2d_crop_out_1_data},
    {2, conf_autograd_pad_2d_crop_out_2_shape,
     conf_autograd_pad_2d_crop_out_2_data}};
CONF_PROG(conf_autograd_pad_2d_crop,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo pad)",
          CONF_EAGER,
    "prog conf_autograd_pad_2d_crop\n"
    "in 3,4\n"
    "v1 = pad v0 [-1,1,2,-1] 0.0\n"
    "out v1\n"
    "end\n",
          conf_autograd_pad_2d_crop_in, 1,
          conf_autograd_pad_2d_crop_out, 3, 0)
static const int64_t conf_autograd_index_select_in_0_shape[] = {4, 3};
static const double conf_autograd_index_select_in_0_data[] = {
    -0.30399070171786996, 0.0524940096056017, -1.3267396454390175, 0.7056068748493433,
    -0.989382867358506, 0.7963661074172699, -0.5290385939823012, 1.2363071558960523,
    1.5046448527235223, -0.34897107688559326, 0.25224254415252295, -0.11732539768904307};
static const conf_array conf_autograd_index_select_in[] = {
    {2, conf_autograd_index_select_in_0_shape,
     conf_autograd_index_select_in_0_data}};
static const int64_t conf_autograd_index_select_out_0_shape[] = {4, 3};
static const double conf_autograd_index_select_out_0_data[] = {
    -0.34897107688559326, 0.25224254415252295, -0.11732539768904307, -0.30399070171786996,
    0.0524940096056017, -1.3267396454390175, -0.34897107688559326, 0.25224254415252295,
    -0.11732539768904307, 0.7056068748493433, -0.989382867358506, 0.7963661074172699};
static const int64_t conf_autograd_index_select_out_1_shape[] = {4, 3};
static const double conf_autograd_index_select_out_1_data[] = {
    -0.75, 1.0, 0.0, -1.25, 0.5, -0.5, 0.0, 0.0, 0.0, -1.5, 2.0, 0.0};
static const int64_t conf_autograd_index_select_out_2_shape[] = {4, 3};
static const double conf_autograd_index_select_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_index_select_out[] = {
    {2, conf_autograd_index_select_out_0_shape,
     conf_autograd_index_select_out_0_data},
    {2, conf_autograd_index_select_out_1_shape,
     conf_autograd_index_select_out_1_data},
    {2, conf_autograd_index_select_out_2_shape,
     conf_autograd_index_select_out_2_data}};
CONF_PROG(conf_autograd_index_select,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo index_select)",
          CONF_EAGER,
    "prog conf_autograd_index_select\n"
    "in 4,3\n"
    "v1 = index_select v0 0 [3,0,3,1]\n"
    "out v1\n"
    "end\n",
          conf_autograd_index_select_in, 1,
          conf_autograd_index_select_out, 3, 0)
static const int64_t conf_autograd_clone_in_0_shape[] = {3, 2};
static const double conf_autograd_clone_in_0_data[] = {
    -0.42431429230508977, -0.4225630489635333, -0.4707686168023039, -0.20538743253038882,
    -1.0675081329174847, 0.375543470579595};
static const conf_array conf_autograd_clone_in[] = {
    {2, conf_autograd_clone_in_0_shape,
     conf_autograd_clone_in_0_data}};
static const int64_t conf_autograd_clone_out_0_shape[] = {3, 2};
static const double conf_autograd_clone_out_0_data[] = {
    -0.42431429230508977, -0.4225630489635333, -0.4707686168023039, -0.20538743253038882,
    -1.0675081329174847, 0.375543470579595};
static const int64_t conf_autograd_clone_out_1_shape[] = {3, 2};
static const double conf_autograd_clone_out_1_data[] = {
    -0.5, 1.25, 0.25, -0.75, 1.0, 0.0};
static const int64_t conf_autograd_clone_out_2_shape[] = {3, 2};
static const double conf_autograd_clone_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_clone_out[] = {
    {2, conf_autograd_clone_out_0_shape,
     conf_autograd_clone_out_0_data},
    {2, conf_autograd_clone_out_1_shape,
     conf_autograd_clone_out_1_data},
    {2, conf_autograd_clone_out_2_shape,
     conf_autograd_clone_out_2_data}};
CONF_PROG(conf_autograd_clone,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo clone)",
          CONF_EAGER,
    "prog conf_autograd_clone\n"
    "in 3,2\n"
    "v1 = clone v0\n"
    "out v1\n"
    "end\n",
          conf_autograd_clone_in, 1,
          conf_autograd_clone_out, 3, 0)
static const int64_t conf_autograd_contiguous_in_0_shape[] = {3, 2};
static const double conf_autograd_contiguous_in_0_data[] = {
    1.2404067768640126, -0.7634217506233768, 0.9242996231522239, 0.9108159368243919,
    -0.6262374209627267, 0.6577187659101688};
static const conf_array conf_autograd_contiguous_in[] = {
    {2, conf_autograd_contiguous_in_0_shape,
     conf_autograd_contiguous_in_0_data}};
static const int64_t conf_autograd_contiguous_out_0_shape[] = {2, 3};
static const double conf_autograd_contiguous_out_0_data[] = {
    1.2404067768640126, 0.9242996231522239, -0.6262374209627267, -0.7634217506233768,
    0.9108159368243919, 0.6577187659101688};
static const int64_t conf_autograd_contiguous_out_1_shape[] = {3, 2};
static const double conf_autograd_contiguous_out_1_data[] = {
    -0.5, -0.75, 1.25, 1.0, 0.25, 0.0};
static const int64_t conf_autograd_contiguous_out_2_shape[] = {3, 2};
static const double conf_autograd_contiguous_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_contiguous_out[] = {
    {2, conf_autograd_contiguous_out_0_shape,
     conf_autograd_contiguous_out_0_data},
    {2, conf_autograd_contiguous_out_1_shape,
     conf_autograd_contiguous_out_1_data},
    {2, conf_autograd_contiguous_out_2_shape,
     conf_autograd_contiguous_out_2_data}};
CONF_PROG(conf_autograd_contiguous,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo contiguous)",
          CONF_EAGER,
    "prog conf_autograd_contiguous\n"
    "in 3,2\n"
    "v1 = transpose v0 0 1\n"
    "v2 = contiguous v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_contiguous_in, 1,
          conf_autograd_contiguous_out, 3, 0)
static const int64_t conf_autograd_reshape_then_square_in_0_shape[] = {2, 6};
static const double conf_autograd_reshape_then_square_in_0_data[] = {
    1.7844400721228124, 0.3416531300966756, -0.8218040089930919, -0.8679875777094874,
    -1.9303638803606051, -0.9075273963649805, -0.7702391957243903, -1.577476699882515,
    -0.43865829891498453, -2.0240186154984863, -0.08160386562602379, 1.3293622243021515};
static const conf_array conf_autograd_reshape_then_square_in[] = {
    {2, conf_autograd_reshape_then_square_in_0_shape,
     conf_autograd_reshape_then_square_in_0_data}};
static const int64_t conf_autograd_reshape_then_square_out_0_shape[] = {3, 4};
static const double conf_autograd_reshape_then_square_out_0_data[] = {
    3.184226370997668, 0.11672686130485593, 0.6753618291971178, 0.7534024350579834,
    3.7263047106008527, 0.8236059751530004, 0.5932684186301556, 2.48843273867223,
    0.1924211032069879, 4.0966513558844095, 0.006659190885110146, 1.7672039234015637};
static const int64_t conf_autograd_reshape_then_square_out_1_shape[] = {2, 6};
static const double conf_autograd_reshape_then_square_out_1_data[] = {
    -1.7844400721228124, 0.854132825241689, -0.41090200449654596, 1.301981366564231,
    -3.8607277607212103, -0.0, 1.5404783914487805, -2.366215049823772, 0.21932914945749227,
    5.0600465387462155, -0.08160386562602379, -1.3293622243021515};
static const int64_t conf_autograd_reshape_then_square_out_2_shape[] = {2, 6};
static const double conf_autograd_reshape_then_square_out_2_data[] = {
    -0.0, -2.5, 0.375, 0.375, -2.5, 0.0, 1.0, 1.875, -0.125, 1.875, 1.0, -0.0};
static const conf_array conf_autograd_reshape_then_square_out[] = {
    {2, conf_autograd_reshape_then_square_out_0_shape,
     conf_autograd_reshape_then_square_out_0_data},
    {2, conf_autograd_reshape_then_square_out_1_shape,
     conf_autograd_reshape_then_square_out_1_data},
    {2, conf_autograd_reshape_then_square_out_2_shape,
     conf_autograd_reshape_then_square_out_2_data}};
CONF_PROG(conf_autograd_reshape_then_square,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo reshape)",
          CONF_EAGER,
    "prog conf_autograd_reshape_then_square\n"
    "in 2,6\n"
    "v1 = reshape v0 [3,-1]\n"
    "v2 = square v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_reshape_then_square_in, 1,
          conf_autograd_reshape_then_square_out, 3, 0)
static const int64_t conf_autograd_reshape_noncontig_then_square_in_0_shape[] = {3, 4};
static const double conf_autograd_reshape_noncontig_then_square_in_0_data[] = {
    -1.1644765573134739, -0.15180447596059785, -1.0251121894365216, -0.7693765369537441,
    0.46181363380665785, -0.317926442252279, -0.33888322685954697, 0.5496138479790386,
    -0.23440780442329157, -1.4537275518878479, -0.26144860891367017, -0.44270095751373895};
static const conf_array conf_autograd_reshape_noncontig_then_square_in[] = {
    {2, conf_autograd_reshape_noncontig_then_square_in_0_shape,
     conf_autograd_reshape_noncontig_then_square_in_0_data}};
static const int64_t conf_autograd_reshape_noncontig_then_square_out_0_shape[] = {12};
static const double conf_autograd_reshape_noncontig_then_square_out_0_data[] = {
    1.3560056525326403, 0.21327183236970987, 0.054947018774548106, 0.023044598921671728,
    0.10107722268319169, 2.1133237951178354, 1.0508550009313389, 0.11484184144673917,
    0.06835537510289325, 0.5919402556149359, 0.30207538189032573, 0.19598413778358129};
static const int64_t conf_autograd_reshape_noncontig_then_square_out_1_shape[] = {3, 4};
static const double conf_autograd_reshape_noncontig_then_square_out_1_data[] = {
    1.1644765573134739, 0.22770671394089675, 2.050224378873043, 1.9234413423843602,
    1.1545340845166447, -0.635852884504558, -0.5083248402893205, 0.5496138479790386,
    -0.11720390221164578, -0.0, 0.13072430445683508, 0.44270095751373895};
static const int64_t conf_autograd_reshape_noncontig_then_square_out_2_shape[] = {3, 4};
static const double conf_autograd_reshape_noncontig_then_square_out_2_data[] = {
    -0.0, 1.5, -1.5, 0.625, -3.125, 1.0, -0.75, 1.25, 0.125, -0.0, -0.5, -0.0};
static const conf_array conf_autograd_reshape_noncontig_then_square_out[] = {
    {1, conf_autograd_reshape_noncontig_then_square_out_0_shape,
     conf_autograd_reshape_noncontig_then_square_out_0_data},
    {2, conf_autograd_reshape_noncontig_then_square_out_1_shape,
     conf_autograd_reshape_noncontig_then_square_out_1_data},
    {2, conf_autograd_reshape_noncontig_then_square_out_2_shape,
     conf_autograd_reshape_noncontig_then_square_out_2_data}};
CONF_PROG(conf_autograd_reshape_noncontig_then_square,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo reshape)",
          CONF_EAGER,
    "prog conf_autograd_reshape_noncontig_then_square\n"
    "in 3,4\n"
    "v1 = transpose v0 0 1\n"
    "v2 = reshape v1 [12]\n"
    "v3 = square v2\n"
    "out v3\n"
    "end\n",
          conf_autograd_reshape_noncontig_then_square_in, 1,
          conf_autograd_reshape_noncontig_then_square_out, 3, 0)
static const int64_t conf_autograd_expand_then_square_in_0_shape[] = {3, 1};
static const double conf_autograd_expand_then_square_in_0_data[] = {
    -0.1074005754645099, -0.4662059345346772, 0.47070222456120564};
static const conf_array conf_autograd_expand_then_square_in[] = {
    {2, conf_autograd_expand_then_square_in_0_shape,
     conf_autograd_expand_then_square_in_0_data}};
static const int64_t conf_autograd_expand_then_square_out_0_shape[] = {2, 3, 4};
static const double conf_autograd_expand_then_square_out_0_data[] = {
    0.011534883610107885, 0.011534883610107885, 0.011534883610107885, 0.011534883610107885,
    0.2173479733953517, 0.2173479733953517, 0.2173479733953517, 0.2173479733953517,
    0.22156058420686767, 0.22156058420686767, 0.22156058420686767, 0.22156058420686767,
    0.011534883610107885, 0.011534883610107885, 0.011534883610107885, 0.011534883610107885,
    0.2173479733953517, 0.2173479733953517, 0.2173479733953517, 0.2173479733953517,
    0.22156058420686767, 0.22156058420686767, 0.22156058420686767, 0.22156058420686767};
static const int64_t conf_autograd_expand_then_square_out_1_shape[] = {3, 1};
static const double conf_autograd_expand_then_square_out_1_data[] = {
    -0.42960230185803955, -0.2331029672673386, -1.412106673683617};
static const int64_t conf_autograd_expand_then_square_out_2_shape[] = {3, 1};
static const double conf_autograd_expand_then_square_out_2_data[] = {
    0.0, -0.5, -2.25};
static const conf_array conf_autograd_expand_then_square_out[] = {
    {3, conf_autograd_expand_then_square_out_0_shape,
     conf_autograd_expand_then_square_out_0_data},
    {2, conf_autograd_expand_then_square_out_1_shape,
     conf_autograd_expand_then_square_out_1_data},
    {2, conf_autograd_expand_then_square_out_2_shape,
     conf_autograd_expand_then_square_out_2_data}};
CONF_PROG(conf_autograd_expand_then_square,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo expand)",
          CONF_EAGER,
    "prog conf_autograd_expand_then_square\n"
    "in 3,1\n"
    "v1 = expand v0 [2,3,4]\n"
    "v2 = square v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_expand_then_square_in, 1,
          conf_autograd_expand_then_square_out, 3, 0)
static const int64_t conf_autograd_permute_then_square_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_permute_then_square_in_0_data[] = {
    -0.23129771514889266, -0.6133915504058447, 1.40838482459321, 0.24324801038941268,
    0.2576761692905464, -1.3729636693041836, -0.1928493846768733, -0.811693409452221,
    0.058988597767008585, -1.2060770240785599, 1.841313709908878, -1.6128530863512027,
    -0.250652698650982, 0.580623568072872, 0.6435729292981445, -0.1637543802321633,
    -0.6784757364377257, 0.5498884632395562, 1.3932880726482757, -0.6095445919273078,
    1.5725348211896062, 0.5016887686239846, 0.9420046568664412, 0.5597695138084109};
static const conf_array conf_autograd_permute_then_square_in[] = {
    {3, conf_autograd_permute_then_square_in_0_shape,
     conf_autograd_permute_then_square_in_0_data}};
static const int64_t conf_autograd_permute_then_square_out_0_shape[] = {4, 2, 3};
static const double conf_autograd_permute_then_square_out_0_data[] = {
    0.05349863303309829, 0.06639700822025031, 0.0034796546665179303, 0.06282677534101999,
    0.4603293249347143, 2.4728657638538265, 0.3762491941092859, 1.8850292372292075,
    1.454621788010195, 0.337123727801673, 0.3023773220039608, 0.25169162056344996,
    1.983547814144447, 0.03719088517024865, 3.3904361782983963, 0.41418611532539445,
    1.9412516533839468, 0.8873727735580617, 0.05916959455840782, 0.6588461909481709,
    2.6012950781526003, 0.026815497045219912, 0.3715446095478282, 0.3133419085893047};
static const int64_t conf_autograd_permute_then_square_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_permute_then_square_out_1_data[] = {
    0.23129771514889266, 1.2267831008116894, 3.520962061483025, 0.364872015584119,
    0.644190423226366, -2.059445503956275, -0.09642469233843665, 0.4058467047261105,
    0.029494298883504293, 0.6030385120392799, -2.7619705648633173, 4.0321327158780065,
    0.37597904797647297, -1.45155892018218, 1.287145858596289, -0.1637543802321633,
    -1.3569514728754515, 0.5498884632395562, 0.0, 0.6095445919273078, 0.0, -0.5016887686239846,
    -1.8840093137328824, 1.3994237845210273};
static const int64_t conf_autograd_permute_then_square_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_permute_then_square_out_2_data[] = {
    -0.0, 2.0, 1.875, -0.375, -3.125, 0.75, -0.25, -0.625, 0.125, 0.375, -1.5, -0.0, 1.5, -1.875,
    -0.5, -1.25, 1.0, -0.5, 0.0, -0.25, -0.0, -1.0, -0.0, -2.5};
static const conf_array conf_autograd_permute_then_square_out[] = {
    {3, conf_autograd_permute_then_square_out_0_shape,
     conf_autograd_permute_then_square_out_0_data},
    {3, conf_autograd_permute_then_square_out_1_shape,
     conf_autograd_permute_then_square_out_1_data},
    {3, conf_autograd_permute_then_square_out_2_shape,
     conf_autograd_permute_then_square_out_2_data}};
CONF_PROG(conf_autograd_permute_then_square,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo permute)",
          CONF_EAGER,
    "prog conf_autograd_permute_then_square\n"
    "in 2,3,4\n"
    "v1 = permute v0 [2,0,1]\n"
    "v2 = square v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_permute_then_square_in, 1,
          conf_autograd_permute_then_square_out, 3, 0)
static const int64_t conf_autograd_flatten_then_square_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_flatten_then_square_in_0_data[] = {
    -0.4257767718382801, 1.2768839658733124, 0.5654093319504229, -0.19584686870458165,
    -2.04940403811392, -0.392258177402189, 0.23203165592327787, -0.06054596523023448,
    -2.1729967570799102, 0.50245834969267, -0.8315926053570779, -0.5947012094362902,
    -1.0331346381498898, -0.2992885121165845, 0.36426141081763447, -1.2385697754512668,
    1.1706295000248284, -1.6138779146696032, 0.6365228010213898, 1.3435644343835396,
    0.6795713102387878, 0.15679224231122735, 0.4055695388839004, 0.4222130837702165};
static const conf_array conf_autograd_flatten_then_square_in[] = {
    {3, conf_autograd_flatten_then_square_in_0_shape,
     conf_autograd_flatten_then_square_in_0_data}};
static const int64_t conf_autograd_flatten_then_square_out_0_shape[] = {2, 12};
static const double conf_autograd_flatten_then_square_out_0_data[] = {
    0.18128585943702683, 1.6304326623043586, 0.3196877126566235, 0.03835599598138964,
    4.200056911437642, 0.15386647773888718, 0.05383868935049841, 0.0036658139056607625,
    4.721914906279807, 0.25246439317588143, 0.6915462612845727, 0.35366952850498634,
    1.0673671805451037, 0.08957361348495896, 0.13268637541085346, 1.5340550886614015,
    1.3703734263283796, 2.604601923458307, 0.4051612762201158, 1.8051653893403605,
    0.4618171656996628, 0.024583807248982632, 0.1644866508704996, 0.17826388810675584};
static const int64_t conf_autograd_flatten_then_square_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_flatten_then_square_out_1_data[] = {
    0.4257767718382801, 3.192209914683281, 0.28270466597521143, 0.29377030305687246,
    -4.09880807622784, -0.0, -0.46406331184655575, -0.09081894784535172, 1.0864983785399551,
    -1.2561458742316751, -0.8315926053570779, 0.5947012094362902, -2.5828365953747245,
    -0.14964425605829226, -0.5463921162264517, -2.4771395509025336, 0.0, 3.2277558293392064,
    0.9547842015320847, -0.6717822171917698, -1.6989282755969695, 0.15679224231122735,
    -0.4055695388839004, 1.0555327094255413};
static const int64_t conf_autograd_flatten_then_square_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_flatten_then_square_out_2_data[] = {
    -0.0, -2.5, 0.375, 0.375, -2.5, 0.0, 1.0, 1.875, -0.125, 1.875, 1.0, -0.0, -2.5, 0.375, 0.375,
    -2.5, 0.0, 1.0, 1.875, -0.125, 1.875, 1.0, -0.0, -2.5};
static const conf_array conf_autograd_flatten_then_square_out[] = {
    {2, conf_autograd_flatten_then_square_out_0_shape,
     conf_autograd_flatten_then_square_out_0_data},
    {3, conf_autograd_flatten_then_square_out_1_shape,
     conf_autograd_flatten_then_square_out_1_data},
    {3, conf_autograd_flatten_then_square_out_2_shape,
     conf_autograd_flatten_then_square_out_2_data}};
CONF_PROG(conf_autograd_flatten_then_square,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo flatten)",
          CONF_EAGER,
    "prog conf_autograd_flatten_then_square\n"
    "in 2,3,4\n"
    "v1 = flatten v0 1 2\n"
    "v2 = square v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_flatten_then_square_in, 1,
          conf_autograd_flatten_then_square_out, 3, 0)
static const int64_t conf_autograd_transpose_then_square_in_0_shape[] = {2, 3, 4};
static const double conf_autograd_transpose_then_square_in_0_data[] = {
    1.5061089066325835, 0.21429331616629582, 0.864313717708244, 1.5541028725993382,
    -0.1294345986579215, 1.3908363824118035, -0.36974350598806854, 0.20748355191624587,
    -1.6965287045414748, 0.8370722465028724, -1.5180174771322046, 0.25976866995882847,
    0.28231271786151607, 1.337499257516089, -1.7309438401981385, -0.0953161990186212,
    1.9439434273006237, 1.693003087288616, 1.336149960352532, 0.8393838833921969,
    -0.6019251495947441, -1.0503897988017683, -0.7400435568724602, -0.9199818796370791};
static const conf_array conf_autograd_transpose_then_square_in[] = {
    {3, conf_autograd_transpose_then_square_in_0_shape,
     conf_autograd_transpose_then_square_in_0_data}};
static const int64_t conf_autograd_transpose_then_square_out_0_shape[] = {4, 3, 2};
static const double conf_autograd_transpose_then_square_out_0_data[] = {
    2.268364038637996, 0.07970047066635598, 0.016753315329737214, 3.7789160485452955,
    2.8782096453331745, 0.36231388571465506, 0.045921625353548025, 1.788904263856089,
    1.9344258426403524, 2.866259453568785, 0.7006899458653655, 1.1033187294268192,
    0.747038202618646, 2.9961665779198787, 0.13671026022034888, 1.7852967165500728,
    2.3043770608788234, 0.5476644660684422, 2.415235738621515, 0.009085177795357407,
    0.043049424315781494, 0.7045653036985653, 0.06747976189217875, 0.8463666588605732};
static const int64_t conf_autograd_transpose_then_square_out_1_shape[] = {2, 3, 4};
static const double conf_autograd_transpose_then_square_out_1_data[] = {
    -1.5061089066325835, -0.42858663233259164, 2.1607842942706097, 2.3311543088990074,
    -0.06471729932896075, -0.6954181912059018, 0.5546152589821028, -0.5187088797906146,
    -3.3930574090829495, 0.8370722465028724, -0.0, -0.25976866995882847, 0.7057817946537902,
    2.0062488862741334, -0.8654719200990693, 0.0476580995093106, -2.9159151409509354,
    -4.23250771822154, 2.672299920705064, 0.8393838833921969, -0.0, 1.0503897988017683,
    1.4800871137449203, -2.299954699092698};
static const int64_t conf_autograd_transpose_then_square_out_2_shape[] = {2, 3, 4};
static const double conf_autograd_transpose_then_square_out_2_data[] = {
    -0.0, 2.0, 1.875, -0.375, -0.625, -0.25, 0.75, -3.125, 0.5, -0.75, 0.0, -0.0, -2.5, 1.125,
    -0.125, 0.625, -0.75, 1.25, 2.5, 0.25, -0.0, -1.0, -0.0, -2.5};
static const conf_array conf_autograd_transpose_then_square_out[] = {
    {3, conf_autograd_transpose_then_square_out_0_shape,
     conf_autograd_transpose_then_square_out_0_data},
    {3, conf_autograd_transpose_then_square_out_1_shape,
     conf_autograd_transpose_then_square_out_1_data},
    {3, conf_autograd_transpose_then_square_out_2_shape,
     conf_autograd_transpose_then_square_out_2_data}};
CONF_PROG(conf_autograd_transpose_then_square,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo transpose)",
          CONF_EAGER,
    "prog conf_autograd_transpose_then_square\n"
    "in 2,3,4\n"
    "v1 = transpose v0 0 2\n"
    "v2 = square v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_transpose_then_square_in, 1,
          conf_autograd_transpose_then_square_out, 3, 0)
static const int64_t conf_autograd_squeeze_then_square_in_0_shape[] = {3, 1, 2};
static const double conf_autograd_squeeze_then_square_in_0_data[] = {
    -0.5070265587964325, -0.4298795197247786, -0.3247289010757813, 1.3732426228145436,
    1.0540630577152206, -0.8636947470109119};
static const conf_array conf_autograd_squeeze_then_square_in[] = {
    {3, conf_autograd_squeeze_then_square_in_0_shape,
     conf_autograd_squeeze_then_square_in_0_data}};
static const int64_t conf_autograd_squeeze_then_square_out_0_shape[] = {3, 2};
static const double conf_autograd_squeeze_then_square_out_0_data[] = {
    0.25707593132495227, 0.18479640147880633, 0.10544885919388455, 1.8857953011145667,
    1.1110489296399604, 0.745968616014243};
static const int64_t conf_autograd_squeeze_then_square_out_1_shape[] = {3, 1, 2};
static const double conf_autograd_squeeze_then_square_out_1_data[] = {
    0.5070265587964325, -1.0746987993119466, -0.16236445053789064, -2.0598639342218155,
    2.108126115430441, -0.0};
static const int64_t conf_autograd_squeeze_then_square_out_2_shape[] = {3, 1, 2};
static const double conf_autograd_squeeze_then_square_out_2_data[] = {
    -0.0, -2.5, 0.375, 0.375, -2.5, 0.0};
static const conf_array conf_autograd_squeeze_then_square_out[] = {
    {2, conf_autograd_squeeze_then_square_out_0_shape,
     conf_autograd_squeeze_then_square_out_0_data},
    {3, conf_autograd_squeeze_then_square_out_1_shape,
     conf_autograd_squeeze_then_square_out_1_data},
    {3, conf_autograd_squeeze_then_square_out_2_shape,
     conf_autograd_squeeze_then_square_out_2_data}};
CONF_PROG(conf_autograd_squeeze_then_square,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo squeeze)",
          CONF_EAGER,
    "prog conf_autograd_squeeze_then_square\n"
    "in 3,1,2\n"
    "v1 = squeeze v0 1\n"
    "v2 = square v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_squeeze_then_square_in, 1,
          conf_autograd_squeeze_then_square_out, 3, 0)
static const int64_t conf_autograd_squeeze_all_then_square_in_0_shape[] = {1, 3, 1};
static const double conf_autograd_squeeze_all_then_square_in_0_data[] = {
    -1.0692185819013664, -0.7409283687449049, 0.719134451293413};
static const conf_array conf_autograd_squeeze_all_then_square_in[] = {
    {3, conf_autograd_squeeze_all_then_square_in_0_shape,
     conf_autograd_squeeze_all_then_square_in_0_data}};
static const int64_t conf_autograd_squeeze_all_then_square_out_0_shape[] = {3};
static const double conf_autograd_squeeze_all_then_square_out_0_data[] = {
    1.143228375883169, 0.5489748476109857, 0.5171543590370782};
static const int64_t conf_autograd_squeeze_all_then_square_out_1_shape[] = {1, 3, 1};
static const double conf_autograd_squeeze_all_then_square_out_1_data[] = {
    1.0692185819013664, -1.8523209218622623, 0.3595672256467065};
static const int64_t conf_autograd_squeeze_all_then_square_out_2_shape[] = {1, 3, 1};
static const double conf_autograd_squeeze_all_then_square_out_2_data[] = {
    -0.0, -2.5, 0.375};
static const conf_array conf_autograd_squeeze_all_then_square_out[] = {
    {1, conf_autograd_squeeze_all_then_square_out_0_shape,
     conf_autograd_squeeze_all_then_square_out_0_data},
    {3, conf_autograd_squeeze_all_then_square_out_1_shape,
     conf_autograd_squeeze_all_then_square_out_1_data},
    {3, conf_autograd_squeeze_all_then_square_out_2_shape,
     conf_autograd_squeeze_all_then_square_out_2_data}};
CONF_PROG(conf_autograd_squeeze_all_then_square,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo squeeze)",
          CONF_EAGER,
    "prog conf_autograd_squeeze_all_then_square\n"
    "in 1,3,1\n"
    "v1 = squeeze_all v0\n"
    "v2 = square v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_squeeze_all_then_square_in, 1,
          conf_autograd_squeeze_all_then_square_out, 3, 0)
static const int64_t conf_autograd_unsqueeze_then_square_in_0_shape[] = {3, 2};
static const double conf_autograd_unsqueeze_then_square_in_0_data[] = {
    -0.3654082708188926, -0.7029865861732773, -1.2166604043333966, 0.6160390172491612,
    -0.7030259036718456, 2.3487757474616924};
static const conf_array conf_autograd_unsqueeze_then_square_in[] = {
    {2, conf_autograd_unsqueeze_then_square_in_0_shape,
     conf_autograd_unsqueeze_then_square_in_0_data}};
static const int64_t conf_autograd_unsqueeze_then_square_out_0_shape[] = {3, 2, 1};
static const double conf_autograd_unsqueeze_then_square_out_0_data[] = {
    0.13352320438285314, 0.49419014033955855, 1.480262539472704, 0.37950407077331233,
    0.4942454212336151, 5.5167475118642315};
static const int64_t conf_autograd_unsqueeze_then_square_out_1_shape[] = {3, 2};
static const double conf_autograd_unsqueeze_then_square_out_1_data[] = {
    0.3654082708188926, -1.757466465433193, -0.6083302021666983, -0.9240585258737418,
    -1.4060518073436912, 0.0};
static const int64_t conf_autograd_unsqueeze_then_square_out_2_shape[] = {3, 2};
static const double conf_autograd_unsqueeze_then_square_out_2_data[] = {
    -0.0, -2.5, 0.375, 0.375, -2.5, 0.0};
static const conf_array conf_autograd_unsqueeze_then_square_out[] = {
    {3, conf_autograd_unsqueeze_then_square_out_0_shape,
     conf_autograd_unsqueeze_then_square_out_0_data},
    {2, conf_autograd_unsqueeze_then_square_out_1_shape,
     conf_autograd_unsqueeze_then_square_out_1_data},
    {2, conf_autograd_unsqueeze_then_square_out_2_shape,
     conf_autograd_unsqueeze_then_square_out_2_data}};
CONF_PROG(conf_autograd_unsqueeze_then_square,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo unsqueeze)",
          CONF_EAGER,
    "prog conf_autograd_unsqueeze_then_square\n"
    "in 3,2\n"
    "v1 = unsqueeze v0 -1\n"
    "v2 = square v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_unsqueeze_then_square_in, 1,
          conf_autograd_unsqueeze_then_square_out, 3, 0)
static const int64_t conf_autograd_slice_step_then_square_in_0_shape[] = {7, 2};
static const double conf_autograd_slice_step_then_square_in_0_data[] = {
    -0.6941349429428628, 0.22015516768809495, -0.6792474040039491, 0.3986960817935012,
    -0.2133622211204765, 0.44006775238834966, 1.4920614107210932, -0.09799629603764512,
    1.5152708189083781, -0.2658109731480312, 0.47396235120221825, 0.7004831151277053,
    0.4339674821465297, 1.09659621175696};
static const conf_array conf_autograd_slice_step_then_square_in[] = {
    {2, conf_autograd_slice_step_then_square_in_0_shape,
     conf_autograd_slice_step_then_square_in_0_data}};
static const int64_t conf_autograd_slice_step_then_square_out_0_shape[] = {3, 2};
static const double conf_autograd_slice_step_then_square_out_0_data[] = {
    0.46137703584610407, 0.1589585656374902, 2.226247253363019, 0.00960327403709778,
    0.22464031035713486, 0.4906765945790141};
static const int64_t conf_autograd_slice_step_then_square_out_1_shape[] = {7, 2};
static const double conf_autograd_slice_step_then_square_out_1_data[] = {
    0.0, 0.0, 0.6792474040039491, 0.996740204483753, 0.0, 0.0, 0.7460307053605466,
    0.14699444405646767, 0.0, 0.0, 0.9479247024044365, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_slice_step_then_square_out_2_shape[] = {7, 2};
static const double conf_autograd_slice_step_then_square_out_2_data[] = {
    0.0, 0.0, -0.75, -0.625, 0.0, 0.0, -0.25, -1.875, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_slice_step_then_square_out[] = {
    {2, conf_autograd_slice_step_then_square_out_0_shape,
     conf_autograd_slice_step_then_square_out_0_data},
    {2, conf_autograd_slice_step_then_square_out_1_shape,
     conf_autograd_slice_step_then_square_out_1_data},
    {2, conf_autograd_slice_step_then_square_out_2_shape,
     conf_autograd_slice_step_then_square_out_2_data}};
CONF_PROG(conf_autograd_slice_step_then_square,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo slice)",
          CONF_EAGER,
    "prog conf_autograd_slice_step_then_square\n"
    "in 7,2\n"
    "v1 = slice v0 0 1 6 2\n"
    "v2 = square v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_slice_step_then_square_in, 1,
          conf_autograd_slice_step_then_square_out, 3, 0)
static const int64_t conf_autograd_slice_negative_then_square_in_0_shape[] = {5};
static const double conf_autograd_slice_negative_then_square_in_0_data[] = {
    0.41743263422990406, 1.2586333101535638, 0.20449561973667382, 0.20660839275505066,
    0.06388912242507157};
static const conf_array conf_autograd_slice_negative_then_square_in[] = {
    {1, conf_autograd_slice_negative_then_square_in_0_shape,
     conf_autograd_slice_negative_then_square_in_0_data}};
static const int64_t conf_autograd_slice_negative_then_square_out_0_shape[] = {3};
static const double conf_autograd_slice_negative_then_square_out_0_data[] = {
    0.0418184584914863, 0.042687027956825274, 0.004081819964245783};
static const int64_t conf_autograd_slice_negative_then_square_out_1_shape[] = {5};
static const double conf_autograd_slice_negative_then_square_out_1_data[] = {
    0.0, 0.0, -0.20449561973667382, 0.5165209818876266, 0.031944561212535784};
static const int64_t conf_autograd_slice_negative_then_square_out_2_shape[] = {5};
static const double conf_autograd_slice_negative_then_square_out_2_data[] = {
    0.0, 0.0, -0.75, -0.625, -0.625};
static const conf_array conf_autograd_slice_negative_then_square_out[] = {
    {1, conf_autograd_slice_negative_then_square_out_0_shape,
     conf_autograd_slice_negative_then_square_out_0_data},
    {1, conf_autograd_slice_negative_then_square_out_1_shape,
     conf_autograd_slice_negative_then_square_out_1_data},
    {1, conf_autograd_slice_negative_then_square_out_2_shape,
     conf_autograd_slice_negative_then_square_out_2_data}};
CONF_PROG(conf_autograd_slice_negative_then_square,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo slice)",
          CONF_EAGER,
    "prog conf_autograd_slice_negative_then_square\n"
    "in 5\n"
    "v1 = slice v0 0 -3 100 1\n"
    "v2 = square v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_slice_negative_then_square_in, 1,
          conf_autograd_slice_negative_then_square_out, 3, 0)
static const int64_t conf_autograd_select_then_square_in_0_shape[] = {3, 4};
static const double conf_autograd_select_then_square_in_0_data[] = {
    0.989629484450648, 0.001688094834946572, 0.19109930953137477, -0.11379927818217306,
    1.8721899056832583, -0.614713353222644, -0.22273614374332312, -0.3765276264984998,
    0.10168392738612826, 0.19317154486497767, -0.12043248389963483, 0.21899778588196184};
static const conf_array conf_autograd_select_then_square_in[] = {
    {2, conf_autograd_select_then_square_in_0_shape,
     conf_autograd_select_then_square_in_0_data}};
static const int64_t conf_autograd_select_then_square_out_0_shape[] = {3};
static const double conf_autograd_select_then_square_out_0_data[] = {
    0.01295027571478361, 0.14177305351659378, 0.047960030221201606};
static const int64_t conf_autograd_select_then_square_out_1_shape[] = {3, 4};
static const double conf_autograd_select_then_square_out_1_data[] = {
    0.0, 0.0, 0.0, 0.11379927818217306, 0.0, 0.0, 0.0, -0.9413190662462495, 0.0, 0.0, 0.0,
    0.10949889294098092};
static const int64_t conf_autograd_select_then_square_out_2_shape[] = {3, 4};
static const double conf_autograd_select_then_square_out_2_data[] = {
    0.0, 0.0, 0.0, 0.25, 0.0, 0.0, 0.0, 3.125, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_select_then_square_out[] = {
    {1, conf_autograd_select_then_square_out_0_shape,
     conf_autograd_select_then_square_out_0_data},
    {2, conf_autograd_select_then_square_out_1_shape,
     conf_autograd_select_then_square_out_1_data},
    {2, conf_autograd_select_then_square_out_2_shape,
     conf_autograd_select_then_square_out_2_data}};
CONF_PROG(conf_autograd_select_then_square,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo select)",
          CONF_EAGER,
    "prog conf_autograd_select_then_square\n"
    "in 3,4\n"
    "v1 = select v0 1 -1\n"
    "v2 = square v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_select_then_square_in, 1,
          conf_autograd_select_then_square_out, 3, 0)
static const int64_t conf_autograd_gather_in_0_shape[] = {3, 4};
static const double conf_autograd_gather_in_0_data[] = {
    0.09554624576673253, 0.7522213928868239, 0.2910735279769056, -0.72641812874034,
    -0.07546602687501493, 1.6311432493197593, -0.4712644432320359, -0.7765718108722179,
    0.7030788338106456, 0.30324196913723545, -1.594858609807444, -0.2772579739314598};
static const conf_array conf_autograd_gather_in[] = {
    {2, conf_autograd_gather_in_0_shape,
     conf_autograd_gather_in_0_data}};
static const int64_t conf_autograd_gather_out_0_shape[] = {3, 2};
static const double conf_autograd_gather_out_0_data[] = {
    0.09554624576673253, 0.2910735279769056, 1.6311432493197593, 1.6311432493197593,
    -0.2772579739314598, 0.7030788338106456};
static const int64_t conf_autograd_gather_out_1_shape[] = {3, 4};
static const double conf_autograd_gather_out_1_data[] = {
    -0.5, 0.0, 1.25, 0.0, 0.0, -0.5, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0};
static const int64_t conf_autograd_gather_out_2_shape[] = {3, 4};
static const double conf_autograd_gather_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_gather_out[] = {
    {2, conf_autograd_gather_out_0_shape,
     conf_autograd_gather_out_0_data},
    {2, conf_autograd_gather_out_1_shape,
     conf_autograd_gather_out_1_data},
    {2, conf_autograd_gather_out_2_shape,
     conf_autograd_gather_out_2_data}};
CONF_PROG(conf_autograd_gather,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo gather)",
          CONF_EAGER,
    "prog conf_autograd_gather\n"
    "in 3,4\n"
    "v1 = gather v0 1 [3,2] [0,2,1,1,3,0]\n"
    "out v1\n"
    "end\n",
          conf_autograd_gather_in, 1,
          conf_autograd_gather_out, 3, 0)
static const int64_t conf_autograd_gather_dim0_in_0_shape[] = {3, 2};
static const double conf_autograd_gather_dim0_in_0_data[] = {
    -0.8185776185233528, -0.4510538845135468, -0.5724692580992239, -0.16622558016456412,
    0.2547912032970885, -0.731487878082508};
static const conf_array conf_autograd_gather_dim0_in[] = {
    {2, conf_autograd_gather_dim0_in_0_shape,
     conf_autograd_gather_dim0_in_0_data}};
static const int64_t conf_autograd_gather_dim0_out_0_shape[] = {2, 2};
static const double conf_autograd_gather_dim0_out_0_data[] = {
    0.2547912032970885, -0.4510538845135468, 0.2547912032970885, -0.16622558016456412};
static const int64_t conf_autograd_gather_dim0_out_1_shape[] = {3, 2};
static const double conf_autograd_gather_dim0_out_1_data[] = {
    0.0, 1.25, 0.0, -0.75, -0.25, 0.0};
static const int64_t conf_autograd_gather_dim0_out_2_shape[] = {3, 2};
static const double conf_autograd_gather_dim0_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_gather_dim0_out[] = {
    {2, conf_autograd_gather_dim0_out_0_shape,
     conf_autograd_gather_dim0_out_0_data},
    {2, conf_autograd_gather_dim0_out_1_shape,
     conf_autograd_gather_dim0_out_1_data},
    {2, conf_autograd_gather_dim0_out_2_shape,
     conf_autograd_gather_dim0_out_2_data}};
CONF_PROG(conf_autograd_gather_dim0,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo gather)",
          CONF_EAGER,
    "prog conf_autograd_gather_dim0\n"
    "in 3,2\n"
    "v1 = gather v0 0 [2,2] [2,0,2,1]\n"
    "out v1\n"
    "end\n",
          conf_autograd_gather_dim0_in, 1,
          conf_autograd_gather_dim0_out, 3, 0)
static const int64_t conf_autograd_scatter_add_in_0_shape[] = {3, 4};
static const double conf_autograd_scatter_add_in_0_data[] = {
    -2.393379614372787, -0.33114744989234995, -0.8639697030522533, -1.6846408942994227,
    -1.0355748795366417, 0.06309158538177817, 1.021037581578631, -1.202136893873845,
    -0.9295397428155178, 0.16797157802953266, -0.561274396173936, -0.28823237933411633};
static const int64_t conf_autograd_scatter_add_in_1_shape[] = {3, 2};
static const double conf_autograd_scatter_add_in_1_data[] = {
    -0.0301836520232304, 0.4626449002089376, 1.1496020704300935, -1.3681956592672975,
    0.06581523244827062, -1.1763160310917196};
static const conf_array conf_autograd_scatter_add_in[] = {
    {2, conf_autograd_scatter_add_in_0_shape,
     conf_autograd_scatter_add_in_0_data},
    {2, conf_autograd_scatter_add_in_1_shape,
     conf_autograd_scatter_add_in_1_data}};
static const int64_t conf_autograd_scatter_add_out_0_shape[] = {3, 4};
static const double conf_autograd_scatter_add_out_0_data[] = {
    -2.4235632663960174, -0.33114744989234995, -0.4013248028433157, -1.6846408942994227,
    -1.0355748795366417, -0.15550200345542575, 1.021037581578631, -1.202136893873845,
    -2.1058557739072374, 0.16797157802953266, -0.561274396173936, -0.2224171468858457};
static const int64_t conf_autograd_scatter_add_out_1_shape[] = {3, 4};
static const double conf_autograd_scatter_add_out_1_data[] = {
    -0.5, 1.25, 0.25, -0.75, 1.0, 0.0, -1.0, 0.75, -0.25, -1.25, 0.5, -0.5};
static const int64_t conf_autograd_scatter_add_out_2_shape[] = {3, 2};
static const double conf_autograd_scatter_add_out_2_data[] = {
    -0.5, 0.25, 0.0, 0.0, -0.5, -0.25};
static const int64_t conf_autograd_scatter_add_out_3_shape[] = {3, 4};
static const double conf_autograd_scatter_add_out_3_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_scatter_add_out_4_shape[] = {3, 2};
static const double conf_autograd_scatter_add_out_4_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_scatter_add_out[] = {
    {2, conf_autograd_scatter_add_out_0_shape,
     conf_autograd_scatter_add_out_0_data},
    {2, conf_autograd_scatter_add_out_1_shape,
     conf_autograd_scatter_add_out_1_data},
    {2, conf_autograd_scatter_add_out_2_shape,
     conf_autograd_scatter_add_out_2_data},
    {2, conf_autograd_scatter_add_out_3_shape,
     conf_autograd_scatter_add_out_3_data},
    {2, conf_autograd_scatter_add_out_4_shape,
     conf_autograd_scatter_add_out_4_data}};
CONF_PROG(conf_autograd_scatter_add,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo scatter_add)",
          CONF_EAGER,
    "prog conf_autograd_scatter_add\n"
    "in 3,4\n"
    "in 3,2\n"
    "v2 = scatter_add v0 1 [3,2] [0,2,1,1,3,0] v1\n"
    "out v2\n"
    "end\n",
          conf_autograd_scatter_add_in, 2,
          conf_autograd_scatter_add_out, 5, 0)
static const int64_t conf_autograd_cross_entropy_mean_in_0_shape[] = {3, 5};
static const double conf_autograd_cross_entropy_mean_in_0_data[] = {
    -1.154040301768936, 2.0432831232535236, 0.38048402215606547, 1.193022383662329,
    -2.1423703582987157, -1.3380487549751694, -0.37802642860587143, 0.4136496148210772,
    -1.5645590376340062, -1.5208816398054783, -1.1118742913167057, 0.13165106871193324,
    0.4391826846018551, 0.18317880047082097, -1.1357677092933318};
static const conf_array conf_autograd_cross_entropy_mean_in[] = {
    {2, conf_autograd_cross_entropy_mean_in_0_shape,
     conf_autograd_cross_entropy_mean_in_0_data}};
static const int64_t conf_autograd_cross_entropy_mean_out_0_shape[] = {0};
static const double conf_autograd_cross_entropy_mean_out_0_data[] = {
    2.4559048555711533};
static const int64_t conf_autograd_cross_entropy_mean_out_1_shape[] = {3, 5};
static const double conf_autograd_cross_entropy_mean_out_1_data[] = {
    0.16259498086066415, -0.09962175273193848, -0.01888903208338058, -0.04256872386572996,
    -0.00151547217961514, -0.015142763065804164, -0.039549183876670335, -0.08728870754589481,
    -0.012073493740172987, 0.1540541482285423, -0.01206693324942655, -0.04184591921742417,
    0.10975354644957767, -0.044058663805011423, -0.011782030177715556};
static const int64_t conf_autograd_cross_entropy_mean_out_2_shape[] = {3, 5};
static const double conf_autograd_cross_entropy_mean_out_2_data[] = {
    -0.0023939435945418094, 0.041049242918418376, -0.02527256157110035, -0.014386057626032381,
    0.0010033198732561565, 0.0006481095293399682, 0.04124188704033352, -0.06173057818374524,
    0.003535118385184024, 0.01630546322888774, -0.013134690076379905, -0.0037027855380460124,
    0.05187709562004386, -0.03694258070756521, 0.001902960701947261};
static const conf_array conf_autograd_cross_entropy_mean_out[] = {
    {0, conf_autograd_cross_entropy_mean_out_0_shape,
     conf_autograd_cross_entropy_mean_out_0_data},
    {2, conf_autograd_cross_entropy_mean_out_1_shape,
     conf_autograd_cross_entropy_mean_out_1_data},
    {2, conf_autograd_cross_entropy_mean_out_2_shape,
     conf_autograd_cross_entropy_mean_out_2_data}};
CONF_PROG(conf_autograd_cross_entropy_mean,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo nn.functional.cross_entropy)",
          CONF_EAGER,
    "prog conf_autograd_cross_entropy_mean\n"
    "in 3,5\n"
    "v1 = cross_entropy v0 [3] [0,4,2] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_cross_entropy_mean_in, 1,
          conf_autograd_cross_entropy_mean_out, 3, 0)
static const int64_t conf_autograd_cross_entropy_sum_in_0_shape[] = {3, 5};
static const double conf_autograd_cross_entropy_sum_in_0_data[] = {
    -1.6226855630021118, -0.5506161697133627, 1.2461204554099767, 1.1713176319105574,
    -1.1611435774551133, -0.7929158678144683, 0.27140561098506943, -0.8545911247725472,
    -1.1941851404069563, 0.21863361143721707, 1.381320990910402, -1.8108229372980613,
    0.3821409142245414, -0.5746789459011261, 2.227308540559519};
static const conf_array conf_autograd_cross_entropy_sum_in[] = {
    {2, conf_autograd_cross_entropy_sum_in_0_shape,
     conf_autograd_cross_entropy_sum_in_0_data}};
static const int64_t conf_autograd_cross_entropy_sum_out_0_shape[] = {0};
static const double conf_autograd_cross_entropy_sum_out_0_data[] = {
    6.962469383560629};
static const int64_t conf_autograd_cross_entropy_sum_out_1_shape[] = {3, 5};
static const double conf_autograd_cross_entropy_sum_out_1_data[] = {
    -0.012667773152665204, 0.4629921291872799, -0.22315514338509465, -0.20707155633602525,
    -0.020097656313494812, -0.06054450439147244, 0.3244892695530853, -0.0569232259871748,
    -0.04053271524234767, -0.16648882393209047, -0.12883390938504044, -0.005292973162223995,
    -0.0474342230738409, 0.4817799230749975, -0.3002188174538921};
static const int64_t conf_autograd_cross_entropy_sum_out_2_shape[] = {3, 5};
static const double conf_autograd_cross_entropy_sum_out_2_data[] = {
    0.001354654348025922, 0.040965383510765674, -0.14350280380859293, 0.07391151138940527,
    0.02727125456039606, -0.04250981252916474, 0.05228025192298834, -0.08265964177737867,
    -0.018325855474495174, 0.09121505785805023, -0.12367796611711786, 0.00021182520559476646,
    0.04933254444198147, -0.01293588877067169, 0.08706948524021331};
static const conf_array conf_autograd_cross_entropy_sum_out[] = {
    {0, conf_autograd_cross_entropy_sum_out_0_shape,
     conf_autograd_cross_entropy_sum_out_0_data},
    {2, conf_autograd_cross_entropy_sum_out_1_shape,
     conf_autograd_cross_entropy_sum_out_1_data},
    {2, conf_autograd_cross_entropy_sum_out_2_shape,
     conf_autograd_cross_entropy_sum_out_2_data}};
CONF_PROG(conf_autograd_cross_entropy_sum,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo nn.functional.cross_entropy)",
          CONF_EAGER,
    "prog conf_autograd_cross_entropy_sum\n"
    "in 3,5\n"
    "v1 = cross_entropy v0 [3] [1,1,3] 1\n"
    "out v1\n"
    "end\n",
          conf_autograd_cross_entropy_sum_in, 1,
          conf_autograd_cross_entropy_sum_out, 3, 0)
static const int64_t conf_autograd_cross_entropy_none_in_0_shape[] = {3, 5};
static const double conf_autograd_cross_entropy_none_in_0_data[] = {
    -1.9606694809230119, -0.8490126199442324, -0.7303134585481045, 0.3127923651036466,
    0.3929975302365143, -0.4193183188170834, 0.8661545702222627, 0.4964671815094705,
    -0.1907165538001286, 1.325991777279284, 0.21607376005505208, 0.8150592057273642,
    0.36021198179928515, 0.5382816079668651, 1.039419869955564};
static const conf_array conf_autograd_cross_entropy_none_in[] = {
    {2, conf_autograd_cross_entropy_none_in_0_shape,
     conf_autograd_cross_entropy_none_in_0_data}};
static const int64_t conf_autograd_cross_entropy_none_out_0_shape[] = {3};
static const double conf_autograd_cross_entropy_none_out_0_data[] = {
    0.9677255582061219, 2.646148817614846, 2.0325590796473176};
static const int64_t conf_autograd_cross_entropy_none_out_1_shape[] = {3, 5};
static const double conf_autograd_cross_entropy_none_out_1_data[] = {
    -0.018051260733238633, -0.05486482265425247, -0.06177949735632071, -0.1753313084227444,
    0.3100268891665562, -1.161345214529543, 0.32060918902313856, 0.2215250139726208,
    0.11142500655912596, 0.5077860049746576, -0.2172500368066017, 0.0596138115050987,
    0.03782764028791573, 0.04520056949143034, 0.0746080155221569};
static const int64_t conf_autograd_cross_entropy_none_out_2_shape[] = {3, 5};
static const double conf_autograd_cross_entropy_none_out_2_data[] = {
    -0.010463572686925316, 0.0230619437151126, -0.08214565420794637, -0.05779951409677555,
    0.12734679727653464, 0.05794861089055055, -0.11104512495095147, 0.3109421125266991,
    0.04497596282340193, -0.30282156128970017, 0.031417596946000104, -0.0024252677738631143,
    -0.03936658159422226, 0.032061533047213965, -0.02168728062512869};
static const conf_array conf_autograd_cross_entropy_none_out[] = {
    {1, conf_autograd_cross_entropy_none_out_0_shape,
     conf_autograd_cross_entropy_none_out_0_data},
    {2, conf_autograd_cross_entropy_none_out_1_shape,
     conf_autograd_cross_entropy_none_out_1_data},
    {2, conf_autograd_cross_entropy_none_out_2_shape,
     conf_autograd_cross_entropy_none_out_2_data}};
CONF_PROG(conf_autograd_cross_entropy_none,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo nn.functional.cross_entropy)",
          CONF_EAGER,
    "prog conf_autograd_cross_entropy_none\n"
    "in 3,5\n"
    "v1 = cross_entropy v0 [3] [4,0,0] 2\n"
    "out v1\n"
    "end\n",
          conf_autograd_cross_entropy_none_in, 1,
          conf_autograd_cross_entropy_none_out, 3, 0)
static const int64_t conf_autograd_cross_entropy_unbatched_in_0_shape[] = {5};
static const double conf_autograd_cross_entropy_unbatched_in_0_data[] = {
    -0.01941245252047584, 0.9780519283636779, -0.45875889051964996, -0.3242162906921491,
    0.7094460091448249};
static const conf_array conf_autograd_cross_entropy_unbatched_in[] = {
    {1, conf_autograd_cross_entropy_unbatched_in_0_shape,
     conf_autograd_cross_entropy_unbatched_in_0_data}};
static const int64_t conf_autograd_cross_entropy_unbatched_out_0_shape[] = {0};
static const double conf_autograd_cross_entropy_unbatched_out_0_data[] = {
    2.2741286641191873};
static const int64_t conf_autograd_cross_entropy_unbatched_out_1_shape[] = {5};
static const double conf_autograd_cross_entropy_unbatched_out_1_data[] = {
    -0.06977552282968247, -0.18918921529079208, -0.04496735735681911, 0.4485567409477834,
    -0.14462464547048975};
static const int64_t conf_autograd_cross_entropy_unbatched_out_2_shape[] = {5};
static const double conf_autograd_cross_entropy_unbatched_out_2_data[] = {
    -0.04871801229416075, 0.05709529262743427, -0.06512220527559216, -0.023057415947664972,
    0.07980234088998363};
static const conf_array conf_autograd_cross_entropy_unbatched_out[] = {
    {0, conf_autograd_cross_entropy_unbatched_out_0_shape,
     conf_autograd_cross_entropy_unbatched_out_0_data},
    {1, conf_autograd_cross_entropy_unbatched_out_1_shape,
     conf_autograd_cross_entropy_unbatched_out_1_data},
    {1, conf_autograd_cross_entropy_unbatched_out_2_shape,
     conf_autograd_cross_entropy_unbatched_out_2_data}};
CONF_PROG(conf_autograd_cross_entropy_unbatched,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo nn.functional.cross_entropy)",
          CONF_EAGER,
    "prog conf_autograd_cross_entropy_unbatched\n"
    "in 5\n"
    "v1 = cross_entropy v0 [] [3] 0\n"
    "out v1\n"
    "end\n",
          conf_autograd_cross_entropy_unbatched_in, 1,
          conf_autograd_cross_entropy_unbatched_out, 3, 0)
static const int64_t conf_autograd_nll_loss_in_0_shape[] = {3, 5};
static const double conf_autograd_nll_loss_in_0_data[] = {
    1.3892204467767506, 0.5736866556322368, 0.6288706873703065, 1.5829942902028444,
    0.19916272285209585, 0.6810594943190112, -0.7274875958067212, 1.5133633236004216,
    -1.1733343802053344, -0.3814968930140782, -0.09776576245023326, 0.5311947572756806,
    0.7500183274163228, 0.40326941540716277, 1.890362876506904};
static const conf_array conf_autograd_nll_loss_in[] = {
    {2, conf_autograd_nll_loss_in_0_shape,
     conf_autograd_nll_loss_in_0_data}};
static const int64_t conf_autograd_nll_loss_out_0_shape[] = {0};
static const double conf_autograd_nll_loss_out_0_data[] = {
    1.8316193755596037};
static const int64_t conf_autograd_nll_loss_out_1_shape[] = {3, 5};
static const double conf_autograd_nll_loss_out_1_data[] = {
    0.11804647995245701, -0.02150972197928758, -0.022730077552290007, -0.05901623954645975,
    -0.014790440874419651, -0.04120083383991952, -0.010073532149466553, -0.09470457640029248,
    -0.006449899959028977, 0.15242884234870752, -0.01176823904123104, -0.022073213523684444,
    0.13919408750626097, -0.019422641511390733, -0.08592999342995478};
static const int64_t conf_autograd_nll_loss_out_2_shape[] = {3, 5};
static const double conf_autograd_nll_loss_out_2_data[] = {
    -0.010999133282655891, 0.0166436711696984, -0.022189684705037117, 0.0014030728073541863,
    0.015142074010640426, 0.010270167637549728, 0.012584570258045527, -0.047421340282296276,
    0.003220247154806759, 0.021346355231894286, -0.01336541437098535, -0.0029957576460598553,
    0.023744024231669953, -0.017203005414828398, 0.009820153200203645};
static const conf_array conf_autograd_nll_loss_out[] = {
    {0, conf_autograd_nll_loss_out_0_shape,
     conf_autograd_nll_loss_out_0_data},
    {2, conf_autograd_nll_loss_out_1_shape,
     conf_autograd_nll_loss_out_1_data},
    {2, conf_autograd_nll_loss_out_2_shape,
     conf_autograd_nll_loss_out_2_data}};
CONF_PROG(conf_autograd_nll_loss,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo nn.functional.nll_loss)",
          CONF_EAGER,
    "prog conf_autograd_nll_loss\n"
    "in 3,5\n"
    "v1 = log_softmax v0 -1\n"
    "v2 = nll_loss v1 [3] [0,4,2] 0\n"
    "out v2\n"
    "end\n",
          conf_autograd_nll_loss_in, 1,
          conf_autograd_nll_loss_out, 3, 0)
static const int64_t conf_autograd_embedding_in_0_shape[] = {5, 3};
static const double conf_autograd_embedding_in_0_data[] = {
    1.1810965568955762, 0.7809625033951342, -1.1768672903181583, 2.0361665428897937,
    0.866315008951757, -1.8833732980064135, 0.10452891294262374, -1.0109500701141898,
    1.703785715859689, -1.0206628271940237, 1.200083364694471, -0.43627187092223335,
    0.36728462688183244, 0.4610576153855695, 1.504641054422973};
static const conf_array conf_autograd_embedding_in[] = {
    {2, conf_autograd_embedding_in_0_shape,
     conf_autograd_embedding_in_0_data}};
static const int64_t conf_autograd_embedding_out_0_shape[] = {2, 2, 3};
static const double conf_autograd_embedding_out_0_data[] = {
    1.1810965568955762, 0.7809625033951342, -1.1768672903181583, 0.36728462688183244,
    0.4610576153855695, 1.504641054422973, 0.36728462688183244, 0.4610576153855695,
    1.504641054422973, 2.0361665428897937, 0.866315008951757, -1.8833732980064135};
static const int64_t conf_autograd_embedding_out_1_shape[] = {5, 3};
static const double conf_autograd_embedding_out_1_data[] = {
    -0.5, 1.25, 0.25, -1.25, 0.5, -0.5, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -1.75, 1.75, -0.25};
static const int64_t conf_autograd_embedding_out_2_shape[] = {5, 3};
static const double conf_autograd_embedding_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_embedding_out[] = {
    {3, conf_autograd_embedding_out_0_shape,
     conf_autograd_embedding_out_0_data},
    {2, conf_autograd_embedding_out_1_shape,
     conf_autograd_embedding_out_1_data},
    {2, conf_autograd_embedding_out_2_shape,
     conf_autograd_embedding_out_2_data}};
CONF_PROG(conf_autograd_embedding,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo nn.functional.embedding)",
          CONF_EAGER,
    "prog conf_autograd_embedding\n"
    "in 5,3\n"
    "v1 = embedding v0 [2,2] [0,4,4,1]\n"
    "out v1\n"
    "end\n",
          conf_autograd_embedding_in, 1,
          conf_autograd_embedding_out, 3, 0)
static const int64_t conf_autograd_conv2d_in_0_shape[] = {1, 2, 5, 5};
static const double conf_autograd_conv2d_in_0_data[] = {
    2.032590835979146, -1.362791620922775, 0.17669473938316202, 1.5336441073960378,
    0.19759072869039387, 0.6045893077018373, -0.3340737013162161, -0.4828104683519213,
    -1.4426964409192407, 1.1716714225669007, 1.3334464296271595, 0.627982826000355,
    -1.0710886009274427, -0.27274023386707225, -0.3363578749537646, -0.0048735954100806705,
    0.2577829972541776, 1.2159511096425515, -2.65431761441335, -0.13816082295293877,
    1.1920816896586741, -1.5264519385253255, -1.0452511538795097, -2.1497597254569536,
    1.0477313551731595, -0.41494159353608445, 0.9684554045190943, 0.09215360545919976,
    -0.5203888262228544, 0.5358170148813203, -0.36039656427273264, -0.5616033473506327,
    1.1781058371036082, -0.2356372812280909, -0.25978879052467646, 1.4027503910686376,
    -0.41104778705502704, -0.22195902212323101, 0.15418036157040593, 0.43190365470799985,
    0.5809684369676705, -0.3377815895279656, 0.26711914296620665, -0.6478470659268111,
    -0.4232152139898825, 0.15317678098912935, 0.9617024129042625, 0.4723818038095922,
    1.3476866042720164, -0.015422338350535457};
static const int64_t conf_autograd_conv2d_in_1_shape[] = {3, 2, 3, 3};
static const double conf_autograd_conv2d_in_1_data[] = {
    -0.16397601619119878, -1.4156118793576118, 0.6249748479200626, 0.8191408464143648,
    1.9984362734666314, 0.9573618394162127, 1.7731209945530841, 0.7319593647538736,
    -0.36919227008792943, -0.7583073576168553, 1.015330571796877, 0.09502762788306975,
    -0.09349015052356623, -2.2206070455803752, -0.6377254189099335, -1.3002196663899093,
    -1.0481240676448322, -0.46616155490222855, 0.14969261215067142, -1.4325905186016514,
    0.19879725189039527, -0.36078355233564263, -1.7570978157355461, 0.6959270067407212,
    -0.2172239785784203, 1.3515359167179772, 1.6419740267002385, -1.063966057767353,
    -1.5782464016922184, -1.890706139648447, -0.1957175973454592, 1.5585986633605784,
    -0.5173869260197692, 0.22983033520991825, -0.09887806429733614, 0.5314680112104136,
    0.49095994827554634, -0.9099592692568348, 0.2848007783360519, -0.763443009313369,
    -0.5916911431649468, -0.39626180870559075, -0.30984100638325573, -0.9746300975597239,
    1.124597727807964, 0.6774570861247974, 0.09670016453882933, -0.746724798002527,
    0.3908056429126852, -0.29143819808688465, -1.0573286252299159, -0.9210012994299225,
    0.9533504370249423, 0.38844602681505075};
static const int64_t conf_autograd_conv2d_in_2_shape[] = {3};
static const double conf_autograd_conv2d_in_2_data[] = {
    0.06406690708850052, 0.7518432470906211, -1.0444644194244537};
static const conf_array conf_autograd_conv2d_in[] = {
    {4, conf_autograd_conv2d_in_0_shape,
     conf_autograd_conv2d_in_0_data},
    {4, conf_autograd_conv2d_in_1_shape,
     conf_autograd_conv2d_in_1_data},
    {1, conf_autograd_conv2d_in_2_shape,
     conf_autograd_conv2d_in_2_data}};
static const int64_t conf_autograd_conv2d_out_0_shape[] = {1, 3, 5, 5};
static const double conf_autograd_conv2d_out_0_data[] = {
    4.330609503763567, -1.4820124123073715, -0.0020653464109194747, 0.7597558261633548,
    -0.5477662568159811, -2.4818840819777424, 4.901849231131282, -3.602007836130572,
    -6.1868803994407155, 0.847219331464812, -1.5568862896634768, 1.401415108725721,
    2.834372381220204, 0.21217582862628293, -6.833817416677579, -0.05629378188796402,
    -1.0594848887193027, -3.6923164319296142, -7.808966026132198, -5.324464150368988,
    0.7573352889407985, -5.82409591434791, -10.288289726054375, -4.541055795272244,
    0.9975771625660498, -4.910069818234966, 3.3022279315531393, -1.0959533841748335,
    -2.740627041415122, 2.656791462537046, -2.696919442145366, -0.55363917217948,
    0.4180991342668036, 0.8668305657646702, -1.8932761455145943, 2.122673918832543,
    -0.20806316902027683, -1.8084957357803861, -0.8971023171693011, 1.133284108193275,
    -1.6013764180800745, -4.815669636271638, -4.157324744269954, 2.3866281774339795,
    3.209044826812698, -2.883928345495334, 2.7826199721142437, 0.42550467851364215,
    13.146999116235193, 0.5564928269715939, -4.13684020562677, -2.5522847802552797,
    0.6859897429601282, -1.0812083759507451, -3.417342641746156, -2.9877210072157165,
    -4.307581592747626, 1.1842515103795122, -0.3846824665526049, 0.3018251411589289,
    -1.5999755600375365, -1.4574098228496033, -5.203090095083537, 2.885153851732998,
    -1.51180897513299, -3.9067291781465245, 0.12457048979918386, -0.48137902890525874,
    4.002862311353241, -0.35874450157433563, -1.8201498419852897, -1.0862547022239444,
    -1.0506460027516222, 3.825787767757278, -1.1492570438170808};
static const int64_t conf_autograd_conv2d_out_1_shape[] = {1, 2, 5, 5};
static const double conf_autograd_conv2d_out_1_data[] = {
    2.4045440675567002, 2.039866286496741, 0.018659793575838135, 4.778165500383152,
    -1.9342792753275306, -0.8127451232725348, 2.9776826511021177, -4.371484636638365,
    0.3776890171656222, -3.3719550596577346, -3.7829948066641226, 0.5049891668056203,
    2.6411306359421713, -2.0816554128632987, 1.9559914398856153, 0.1709994640502377,
    0.44640722177648606, 2.9776826511021177, -4.371484636638365, 1.801165552840565,
    -3.499211468195669, 0.14647448773986294, -1.8151714598263882, 0.68972511604334,
    2.940421819998188, 3.494614475676918, 1.2004610830007816, -1.2675383518508396,
    0.22856523995387668, -0.543666666330958, -1.2458366217953603, -2.1965949688762048,
    1.9899693117059474, -4.169016045369491, 5.236989822483617, -1.700942981763312,
    2.2958604299050784, 1.7915414073477098, -0.6662955818575101, 1.6774368603118943,
    -4.284309983475479, -6.129372329900513, -2.1965949688762048, 1.9899693117059474,
    -3.6295650333813763, 4.094330132048278, -2.288444848143983, 0.7109270001239246,
    0.7984991130075207, -2.9801508130295282};
static const int64_t conf_autograd_conv2d_out_2_shape[] = {3, 2, 3, 3};
static const double conf_autograd_conv2d_out_2_data[] = {
    -5.41256346876825, -2.0500559821314854, 1.5767155874229541, 5.558153298964693,
    -12.895240563226334, 7.248336846798589, 3.237212789055095, 1.6621694961198046,
    -3.1476959943088105, 2.5555249020280946, -0.041751079635671956, -1.7363572039653943,
    -1.0899441280435802, 6.20779257985791, -3.651129553764925, -4.662768960348684,
    0.9999526902428402, 0.5033706749816206, -1.234364692643228, -1.7830922481623532,
    3.014048691794728, 2.433760849273477, -6.037515443900245, 4.697456743448887,
    3.925234424216236, 1.7390215983342017, -1.3645487780771635, 0.891423104312397,
    2.725197221077514, -2.6673730994819653, -2.7047160775174284, 4.8805165458575015,
    -1.7001515632517032, -5.174222744571827, 1.3188686341873541, 0.07867632966731086,
    6.042890358586319, -8.739271240802182, 3.4783534438867605, 5.648307450739214,
    -3.254948510297063, -2.2827827565606658, 4.832526553041869, 1.593369955003777,
    -8.438734459402605, -1.613080217916008, 4.4738505807946, -1.992071214465215,
    -5.591475426565947, 3.036591976022674, -0.9356435874890108, 0.39257268781188914,
    0.6187180737599224, 2.7497328352621615};
static const int64_t conf_autograd_conv2d_out_3_shape[] = {3};
static const double conf_autograd_conv2d_out_3_data[] = {
    1.0, 0.25, -0.5};
static const int64_t conf_autograd_conv2d_out_4_shape[] = {1, 2, 5, 5};
static const double conf_autograd_conv2d_out_4_data[] = {
    1.0625, -3.75, 5.25, -1.5625, -1.8125, 1.125, -4.0625, 2.5, -0.5625, -3.0, 2.0625, -0.8125,
    -3.1875, 4.75, -0.0625, 1.625, 5.875, -4.0625, 2.5, 2.1875, 0.25, 2.0, -1.0, -1.25, 3.5,
    -1.625, -0.6875, -1.5625, 2.375, -0.1875, -5.25, 8.875, -2.125, -2.125, 7.75, -4.1875, -0.75,
    2.0, -2.125, 0.5, 1.0, -6.9375, 8.875, -2.125, -1.9375, 4.6875, -4.875, 0.125, 2.375, -2.1875};
static const int64_t conf_autograd_conv2d_out_5_shape[] = {3, 2, 3, 3};
static const double conf_autograd_conv2d_out_5_data[] = {
    -3.5, 12.1875, -3.5, -6.1875, 0.3125, 2.4375, -2.4375, -5.1875, 8.75, -2.0, 5.375, -4.625,
    -6.5, 5.5625, -0.125, -3.75, -4.0, 8.25, -4.625, 5.375, -2.0, -5.75, -3.75, 5.125, -0.75,
    -6.25, 8.25, -3.5, 12.1875, -3.5, -6.1875, 0.3125, 2.4375, -2.4375, -5.1875, 8.75, -5.0625,
    -0.0625, 2.25, -3.25, -6.4375, 11.9375, 4.375, -6.625, 2.25, -5.0, 5.25, -0.3125, -4.5,
    -3.5625, 8.4375, 1.625, -6.375, 2.375};
static const int64_t conf_autograd_conv2d_out_6_shape[] = {3};
static const double conf_autograd_conv2d_out_6_data[] = {
    0.0, 0.0, 0.0};
static const conf_array conf_autograd_conv2d_out[] = {
    {4, conf_autograd_conv2d_out_0_shape,
     conf_autograd_conv2d_out_0_data},
    {4, conf_autograd_conv2d_out_1_shape,
     conf_autograd_conv2d_out_1_data},
    {4, conf_autograd_conv2d_out_2_shape,
     conf_autograd_conv2d_out_2_data},
    {1, conf_autograd_conv2d_out_3_shape,
     conf_autograd_conv2d_out_3_data},
    {4, conf_autograd_conv2d_out_4_shape,
     conf_autograd_conv2d_out_4_data},
    {4, conf_autograd_conv2d_out_5_shape,
     conf_autograd_conv2d_out_5_data},
    {1, conf_autograd_conv2d_out_6_shape,
     conf_autograd_conv2d_out_6_data}};
CONF_PROG(conf_autograd_conv2d,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo nn.functional.conv2d)",
          CONF_EAGER,
    "prog conf_autograd_conv2d\n"
    "in 1,2,5,5\n"
    "in 3,2,3,3\n"
    "in 3\n"
    "v3 = conv2d v0 v1 v2 [1,1] [1,1] [1,1] 1\n"
    "out v3\n"
    "end\n",
          conf_autograd_conv2d_in, 3,
          conf_autograd_conv2d_out, 7, 0)
static const int64_t conf_autograd_conv2d_stride_groups_in_0_shape[] = {1, 2, 5, 5};
static const double conf_autograd_conv2d_stride_groups_in_0_data[] = {
    -0.822247603783097, 0.45439881104038476, -1.2194729585492765, 1.406344114688137,
    -0.544725277044523, -0.9911858120900521, -0.12292172589265418, -0.7836025408443548,
    -0.473360756881203, -1.1612243320101319, -0.9109644932648526, -0.8441350108302254,
    -0.5599311007440841, -1.0844498910922344, -1.364719648183252, -0.43117583242956975,
    -1.16594504205594, 0.6482723970540664, -1.0718078645257696, -1.8203592167948208,
    0.8502698209478768, -0.9230168742067928, 1.045329029849228, -0.8266082088204114,
    0.062498833718296155, -0.19792489955545725, 1.3115446839492344, -0.9802475719440367,
    0.6090053464196669, 0.9848291661819251, -0.33384498606034463, 1.9923558853534025,
    0.1672474098400624, 0.06796119063452417, -0.4825380933176031, -0.811391955707534,
    0.5618218955225617, -1.0319336225629103, 1.9448226424484087, 0.44308755258151045,
    -0.48665034083667874, 0.6593817548267196, -2.897938914284655, -1.0607309658264261,
    0.26696737032430223, -0.4574703703441031, -0.15993247644469713, -0.555219391119622,
    -0.34571977756480504, -0.8037874799449837};
static const int64_t conf_autograd_conv2d_stride_groups_in_1_shape[] = {4, 1, 3, 3};
static const double conf_autograd_conv2d_stride_groups_in_1_data[] = {
    -1.5172140415510014, -0.40196315031379865, -0.7322381373577648, 0.4499073907661277,
    1.1682713421283428, -0.35638444817183335, 0.4402525167926809, -0.3056093315687823,
    0.10916269627702566, 0.7373995779909962, 1.3677199272683394, -0.28835580188659743,
    -1.0164491603121468, -0.006690355959397899, -0.7188291857278439, -0.5460415295465514,
    0.6204416137352152, -0.6632888716717041, -0.4463008851774714, -0.4715943451181469,
    -0.6305987197193659, 1.4329004963531002, 0.28619101455281004, -0.9707384607433905,
    0.6886200187231066, 0.9977096042422908, 0.003379904760559671, 0.8430557501496716,
    0.8840780514765127, -1.1066142287399365, -1.3326363690139564, 0.29076233929256523,
    0.3402391398572796, -1.305205905565487, 1.6959188555275297, 0.215340491919463};
static const conf_array conf_autograd_conv2d_stride_groups_in[] = {
    {4, conf_autograd_conv2d_stride_groups_in_0_shape,
     conf_autograd_conv2d_stride_groups_in_0_data},
    {4, conf_autograd_conv2d_stride_groups_in_1_shape,
     conf_autograd_conv2d_stride_groups_in_1_data}};
static const int64_t conf_autograd_conv2d_stride_groups_out_0_shape[] = {1, 4, 2, 2};
static const double conf_autograd_conv2d_stride_groups_out_0_data[] = {
    1.4433321840291287, 1.1279819724833584, 1.114805555660521, 2.6926423009924756,
    2.2834801534392186, 3.3538129068049907, -3.4150697713129077, -1.9709396532692696,
    0.015740598125079157, 1.4880226069822216, 2.575971308392988, -6.18119004380897,
    4.948123022048021, 2.995443107545919, 1.015156573560022, 3.968656318829203};
static const int64_t conf_autograd_conv2d_stride_groups_out_1_shape[] = {1, 2, 5, 5};
static const double conf_autograd_conv2d_stride_groups_out_1_data[] = {
    1.4960065987664968, 1.5687015024252386, -1.8187542851464669, -0.5024539378922483,
    -0.915297671697206, -1.2414028556952106, -0.5908260270235693, 0.021747276815732297,
    1.4603391776604284, -0.44548056021479165, -1.8828708763216384, -0.6949644353271828,
    1.6287019083842884, 0.9452506437256256, 0.46936512194965757, 1.1289260080036787,
    0.2987581914914836, -0.47003433962382024, -0.8812212735658056, -0.27183355316700786,
    0.6561046587447216, -0.6968439466274108, -0.04914098901346364, 0.6945382089779981,
    -0.5793386759615473, 1.1653949089814575, 1.2229961506251776, -0.45697806198582214,
    0.8105124442668119, 0.5115948424642232, -2.0240205853557205, 0.291905170477504,
    -1.456301172687417, -0.2850481833678713, 1.2984828608935581, -2.6591046418386246,
    0.9716154571823814, 0.6621216433476103, 0.2967179326146052, -0.7417046268510874,
    1.7159275249370176, -0.0749762471930189, -2.7896352024551616, 0.1476668320161602,
    0.8256083702289749, 1.3232144385356686, -0.773084339524502, -1.8093313314863577,
    1.1970640534063843, 0.21365053953918317};
static const int64_t conf_autograd_conv2d_stride_groups_out_2_shape[] = {4, 1, 3, 3};
static const double conf_autograd_conv2d_stride_groups_out_2_data[] = {
    -0.9210101940531972, 2.1330344034515987, 0.8123868439204025, -1.0779085259083596,
    -0.0178704452748345, 0.4676083672691447, -0.8158609464476306, -0.5442929203865698,
    -1.2114758776834382, -0.3312314360763075, 0.48519640355143434, -1.6830815939426313,
    -0.07380568186993253, 0.23916741776895867, -2.797144350494537, -0.9772375418258086,
    -0.5410742932387411, -1.55838600530459, 1.3850615232465981, -1.7806432274748158,
    -1.7234851523136074, 1.0800462709389964, 0.277015900695067, -1.02109237811749,
    1.5416395275182808, -2.478590126381097, -0.1715919906734797, -0.9158576732125905,
    3.315138412347947, 0.23793559611912873, -2.908445538772561, 0.9521678724039186,
    2.5288462950084707, -1.4843399636366899, 0.9627126097840221, -1.5665180766635274};
static const int64_t conf_autograd_conv2d_stride_groups_out_3_shape[] = {1, 2, 5, 5};
static const double conf_autograd_conv2d_stride_groups_out_3_data[] = {
    -0.375, -0.875, 2.3125, -0.3125, -1.5625, -0.5, -1.0, 0.5, -0.625, 1.5625, -0.4375, 2.5625,
    -1.5625, -1.5, 2.75, 0.375, 1.125, -0.75, -0.5625, -0.5625, 0.5625, -1.4375, -0.5625, 1.5,
    -0.5625, 1.75, 0.0625, 0.3125, -1.1875, -0.1875, 1.5, -0.1875, 0.3125, -0.9375, 0.0625,
    -0.0625, -0.125, 2.5, -0.9375, -0.4375, -1.25, 0.375, 2.125, -0.375, -0.875, -1.1875, 0.4375,
    2.0625, -0.5, -1.0};
static const int64_t conf_autograd_conv2d_stride_groups_out_4_shape[] = {4, 1, 3, 3};
static const double conf_autograd_conv2d_stride_groups_out_4_data[] = {
    1.9375, -0.375, -2.0, 1.375, -0.25, -1.875, -1.9375, 1.9375, -0.375, -1.75, -0.4375, 1.5625,
    1.375, -0.0625, 1.9375, 1.75, -1.75, -0.4375, 0.4375, 0.5625, -2.0625, -0.3125, -0.1875,
    0.625, 1.0, 0.4375, 0.5625, -2.0, -1.0, 1.375, -1.125, -0.125, 1.5625, 1.125, -2.0, -1.0};
static const conf_array conf_autograd_conv2d_stride_groups_out[] = {
    {4, conf_autograd_conv2d_stride_groups_out_0_shape,
     conf_autograd_conv2d_stride_groups_out_0_data},
    {4, conf_autograd_conv2d_stride_groups_out_1_shape,
     conf_autograd_conv2d_stride_groups_out_1_data},
    {4, conf_autograd_conv2d_stride_groups_out_2_shape,
     conf_autograd_conv2d_stride_groups_out_2_data},
    {4, conf_autograd_conv2d_stride_groups_out_3_shape,
     conf_autograd_conv2d_stride_groups_out_3_data},
    {4, conf_autograd_conv2d_stride_groups_out_4_shape,
     conf_autograd_conv2d_stride_groups_out_4_data}};
CONF_PROG(conf_autograd_conv2d_stride_groups,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo nn.functional.conv2d)",
          CONF_EAGER,
    "prog conf_autograd_conv2d_stride_groups\n"
    "in 1,2,5,5\n"
    "in 4,1,3,3\n"
    "v2 = conv2d v0 v1 none [2,2] [0,0] [1,1] 2\n"
    "out v2\n"
    "end\n",
          conf_autograd_conv2d_stride_groups_in, 2,
          conf_autograd_conv2d_stride_groups_out, 5, 0)
static const int64_t conf_autograd_conv2d_dilation_in_0_shape[] = {2, 1, 6, 6};
static const double conf_autograd_conv2d_dilation_in_0_data[] = {
    -1.0095025421048145, -0.9473504188013535, -0.5635805651455166, 0.7644628803222117,
    -0.8236692381728512, 1.6032955836033143, -0.25743328534281246, 1.7555486384674432,
    1.885893920082601, 0.44375030396031906, -0.047918849273931474, 0.5238685024756868,
    -2.1130036244608843, 0.1313184373559901, -0.6778591487175731, 0.0933533138169049,
    -0.6380179490116215, 2.228372877750598, -0.8391712390156079, -0.3575524661190777,
    -0.13100294275080393, 0.35095255111850676, 1.4057420973466077, 1.1155777988147033,
    -0.8566054507133142, -0.974518514743654, 0.6682699255893724, 0.40703201299326336,
    -0.8123037600760128, -0.42080477796710836, 0.5239969614393232, -1.6726037579164867,
    -2.6207861346802046, 1.1840908426127377, -1.71385744974032, -0.060511070081714434,
    -0.4783121134453074, -1.3653528395042382, -1.4256434935066273, 0.731053654146031,
    -0.45310339691581314, 1.0775750010808893, -0.5044553827603868, -1.1750856145330244,
    -0.20347140728647256, 0.005394444926063769, 1.0056773147081444, -0.39681196576205185,
    -1.8213984077439156, 0.10280740788794163, 0.4231826964602626, -1.7165432632726556,
    -0.279527634459556, -1.4317919357932607, -1.5368646626798375, 0.5361254378438035,
    -1.818014360488774, -0.3620688770969099, 0.14221257999830494, -0.047111362301224986,
    0.17824161509246017, -0.7010606322832027, 0.2774886603676192, 0.29591055218806384,
    1.2722184287997351, 0.24657703676234244, -0.617563290934353, 0.16561152366544177,
    1.2775085966410518, 1.3349862219396893, -1.5641212144471233, 0.1554865759324199};
static const int64_t conf_autograd_conv2d_dilation_in_1_shape[] = {2, 1, 2, 2};
static const double conf_autograd_conv2d_dilation_in_1_data[] = {
    -0.4923345509396573, -0.813482292343164, 0.12312938232032156, -1.9309355718057837,
    0.293708333048803, -0.0044636092738651115, 1.7096928767541046, 1.5574518343020083};
static const conf_array conf_autograd_conv2d_dilation_in[] = {
    {4, conf_autograd_conv2d_dilation_in_0_shape,
     conf_autograd_conv2d_dilation_in_0_data},
    {4, conf_autograd_conv2d_dilation_in_1_shape,
     conf_autograd_conv2d_dilation_in_1_data}};
static const int64_t conf_autograd_conv2d_dilation_out_0_shape[] = {2, 2, 4, 4};
static const double conf_autograd_conv2d_dilation_out_0_data[] = {
    2.0042053026065263, -0.3195537495888071, 2.09601769937597, -5.9719739765747875,
    -1.2577664024408628, -1.9469922443372738, -3.620037332884378, -2.755527640915086,
    0.19587163384030082, -1.046538327139875, 2.503539671905693, -0.9960384237176824,
    5.644810165043989, -2.6018080487727855, 1.9076035079492755, -0.8176494999521126,
    -4.962303925277942, 0.08825051085496316, -2.3144649536882773, 3.847561554837071,
    -1.7227840579086224, 0.448925326321168, 2.5195174606074966, 2.4654745835566967,
    -1.041315089739153, -0.994041981049116, -0.3188326673892775, 0.057988620240532085,
    -3.4317611401609556, -1.1220569295977274, -7.194741154191098, 2.028286787310154,
    0.3538191338714456, 3.404704234938892, 1.6623412158716606, 1.316829913937248,
    3.735116603261936, 1.3392914311605137, -1.2163789981243132, 0.3665313240263791,
    0.038619792055893054, 0.6880565358027263, -2.403361493898089, 1.5701618548175067,
    -0.30725291605964067, -2.5267971957611506, 3.9569000042013585, 0.08072474552232595,
    -2.589065954602364, -2.901943005483764, -0.12853928279864174, -4.954802090237186,
    -5.606290899556971, 0.007548489621453491, -2.9510071568307956, -0.6890446507021397,
    0.20006483038761286, -0.69987456606793, 2.5813792980714405, 0.3921759207354583,
    0.49053949528209584, 2.5214022250988277, -0.7864968555109024, 2.4184469274831337};
static const int64_t conf_autograd_conv2d_dilation_out_1_shape[] = {2, 1, 6, 6};
static const double conf_autograd_conv2d_dilation_out_1_data[] = {
    0.24616727546982864, -0.9091265217233746, 0.50393875822327, -0.7165654262125478,
    -0.20671828004118983, 0.6112276215758393, -0.859469967250661, 0.1468541665244015,
    -0.4624223963355769, -0.004347301530671758, 0.8157140969800966, -0.6156912308497045,
    0.1349460298369543, -1.1606442099657335, 2.5283155173948497, -3.2245237071338226,
    0.2741502273296131, 1.4655798664504176, -2.923113235345684, 0.9520440504287402,
    -5.572291611593216, 1.942000802542025, 1.763437276230619, -0.30928966672766,
    0.3966408736084458, -1.4361813854659804, 2.6433544194412137, 1.1840158978705626,
    0.5919840483991164, 0.9654677859028918, -1.5557811488537028, 1.313052003145659,
    -4.490891554988005, -1.328631730847249, 1.0588387202788356, -3.877750364683294,
    0.047541057578974366, 0.24616727546982864, -1.3203312771688218, 0.50393875822327,
    -1.01238925615509, -0.20671828004118983, 0.2958238299425422, -0.859469967250661,
    0.7580817881002408, -0.4624223963355769, -0.0022318046369325557, 0.8157140969800966,
    1.7691420710205263, 0.1349460298369543, -1.1843513924163216, 2.5283155173948497,
    -2.950920726674884, 0.2741502273296131, -0.2736029804589387, -2.923113235345684,
    2.4176239168791582, -5.572291611593216, 0.5720076371098143, 1.763437276230619,
    2.2294631326828718, 0.3966408736084458, -0.9375682714428077, 2.6433544194412137,
    1.2455805890307234, 0.5919840483991164, -0.06156469116016078, -1.5557811488537028,
    2.2785197890485507, -4.490891554988005, 0.6853549827750602, 1.0588387202788356};
static const int64_t conf_autograd_conv2d_dilation_out_2_shape[] = {2, 1, 2, 2};
static const double conf_autograd_conv2d_dilation_out_2_data[] = {
    -7.396116886749697, 0.8473475090081606, 6.618217183477263, -4.101363257521456,
    -3.1026116997918862, -5.5297109509647315, -4.658828140820513, 0.7612392757118407};
static const int64_t conf_autograd_conv2d_dilation_out_3_shape[] = {2, 1, 6, 6};
static const double conf_autograd_conv2d_dilation_out_3_data[] = {
    -0.375, 1.4375, -0.0625, -2.0, 0.875, -0.125, 1.375, -0.25, -2.3125, 0.5625, -0.375, 1.375,
    0.3125, -2.375, -0.125, 1.25, 0.6875, -0.0625, -0.125, -0.0625, 0.5625, 1.25, -0.25, -2.375,
    0.375, 1.375, -0.6875, 0.5625, -0.5, -0.25, -1.8125, -0.125, 2.25, -2.0, -0.1875, 1.4375,
    -0.125, -0.375, 2.5625, -0.0625, -1.5625, 0.875, -0.4375, 1.375, -0.375, -2.3125, 0.625,
    -0.375, -0.4375, 0.3125, -1.5, -0.125, 0.75, 0.6875, 0.5, -0.125, -0.125, 0.5625, 0.5, -0.25,
    -0.625, 0.375, 0.8125, -0.6875, -0.0625, -0.5, 0.625, -1.8125, -0.375, 2.25, -0.4375, -0.1875};
static const int64_t conf_autograd_conv2d_dilation_out_4_shape[] = {2, 1, 2, 2};
static const double conf_autograd_conv2d_dilation_out_4_data[] = {
    3.25, 0.625, -0.8125, 2.0625, -3.8125, 1.4375, -1.875, -0.0625};
static const conf_array conf_autograd_conv2d_dilation_out[] = {
    {4, conf_autograd_conv2d_dilation_out_0_shape,
     conf_autograd_conv2d_dilation_out_0_data},
    {4, conf_autograd_conv2d_dilation_out_1_shape,
     conf_autograd_conv2d_dilation_out_1_data},
    {4, conf_autograd_conv2d_dilation_out_2_shape,
     conf_autograd_conv2d_dilation_out_2_data},
    {4, conf_autograd_conv2d_dilation_out_3_shape,
     conf_autograd_conv2d_dilation_out_3_data},
    {4, conf_autograd_conv2d_dilation_out_4_shape,
     conf_autograd_conv2d_dilation_out_4_data}};
CONF_PROG(conf_autograd_conv2d_dilation,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo nn.functional.conv2d)",
          CONF_EAGER,
    "prog conf_autograd_conv2d_dilation\n"
    "in 2,1,6,6\n"
    "in 2,1,2,2\n"
    "v2 = conv2d v0 v1 none [1,1] [0,0] [2,2] 1\n"
    "out v2\n"
    "end\n",
          conf_autograd_conv2d_dilation_in, 2,
          conf_autograd_conv2d_dilation_out, 5, 0)
static const int64_t conf_autograd_max_pool2d_in_0_shape[] = {1, 2, 4, 4};
static const double conf_autograd_max_pool2d_in_0_data[] = {
    0.21922501176188366, 3.4476335820623927, -1.45057770843396, -0.3007970665779158,
    -0.23060722111048151, 0.07200248396269862, 0.3530847371408744, -0.9794729861816188,
    -0.9911090114613105, -0.014045041075179612, 0.33935921139528413, 0.8501255190666199,
    0.08812453802595568, 1.049330333289147, -1.0458700895930588, -1.2273209801920073,
    -0.9420672858107728, -0.07684618041516413, -1.9792437042219446, -1.4269124030864029,
    -0.3621723431452956, 1.0562845913665024, -0.8301472646874577, -0.6076127199948078,
    -1.0321241534010417, -0.5606736870192541, 0.6476702242863768, 1.2428787888373716,
    -0.016534841451485628, -0.35531807357851186, -0.3545348906346493, -1.394884303945855};
static const conf_array conf_autograd_max_pool2d_in[] = {
    {4, conf_autograd_max_pool2d_in_0_shape,
     conf_autograd_max_pool2d_in_0_data}};
static const int64_t conf_autograd_max_pool2d_out_0_shape[] = {1, 2, 2, 2};
static const double conf_autograd_max_pool2d_out_0_data[] = {
    3.4476335820623927, 0.3530847371408744, 1.049330333289147, 0.8501255190666199,
    1.0562845913665024, -0.6076127199948078, -0.016534841451485628, 1.2428787888373716};
static const int64_t conf_autograd_max_pool2d_out_1_shape[] = {1, 2, 4, 4};
static const double conf_autograd_max_pool2d_out_1_data[] = {
    0.0, -0.5, 0.0, 0.0, 0.0, 0.0, 1.25, 0.0, 0.0, 0.0, 0.0, -0.75, 0.0, 0.25, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.75, -1.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_max_pool2d_out_2_shape[] = {1, 2, 4, 4};
static const double conf_autograd_max_pool2d_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_max_pool2d_out[] = {
    {4, conf_autograd_max_pool2d_out_0_shape,
     conf_autograd_max_pool2d_out_0_data},
    {4, conf_autograd_max_pool2d_out_1_shape,
     conf_autograd_max_pool2d_out_1_data},
    {4, conf_autograd_max_pool2d_out_2_shape,
     conf_autograd_max_pool2d_out_2_data}};
CONF_PROG(conf_autograd_max_pool2d,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo nn.functional.max_pool2d)",
          CONF_EAGER,
    "prog conf_autograd_max_pool2d\n"
    "in 1,2,4,4\n"
    "v1 = max_pool2d v0 [2,2] [] [0,0]\n"
    "out v1\n"
    "end\n",
          conf_autograd_max_pool2d_in, 1,
          conf_autograd_max_pool2d_out, 3, 0)
static const int64_t conf_autograd_max_pool2d_padding_in_0_shape[] = {1, 1, 5, 5};
static const double conf_autograd_max_pool2d_padding_in_0_data[] = {
    -0.4775465199582531, -1.4835493729490068, 0.20884101707010608, 0.2198412781287211,
    1.1187891925653437, -1.2537953422951027, -0.5348763569012082, -1.3986938566141254,
    -0.9129616502383728, 1.116482752677111, -1.301932039552215, 0.7309717961680665,
    -0.21854325199507338, -0.38642107041412677, 0.7111433942221209, -0.6170249165389731,
    1.5471429859982053, 2.4446728647989877, -1.1166359007838198, -1.7588733881409315,
    -1.8531312784828833, 1.6593281967999445, 0.9741002375361021, -0.3947178557291539,
    0.20702092501319838};
static const conf_array conf_autograd_max_pool2d_padding_in[] = {
    {4, conf_autograd_max_pool2d_padding_in_0_shape,
     conf_autograd_max_pool2d_padding_in_0_data}};
static const int64_t conf_autograd_max_pool2d_padding_out_0_shape[] = {1, 1, 3, 3};
static const double conf_autograd_max_pool2d_padding_out_0_data[] = {
    -0.4775465199582531, 0.2198412781287211, 1.1187891925653437, 1.5471429859982053,
    2.4446728647989877, 1.116482752677111, 1.6593281967999445, 2.4446728647989877,
    0.20702092501319838};
static const int64_t conf_autograd_max_pool2d_padding_out_1_shape[] = {1, 1, 5, 5};
static const double conf_autograd_max_pool2d_padding_out_1_data[] = {
    -0.5, 0.0, 0.0, 1.25, 0.25, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.75,
    1.75, 0.0, 0.0, 0.0, -1.0, 0.0, 0.0, -0.25};
static const int64_t conf_autograd_max_pool2d_padding_out_2_shape[] = {1, 1, 5, 5};
static const double conf_autograd_max_pool2d_padding_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_max_pool2d_padding_out[] = {
    {4, conf_autograd_max_pool2d_padding_out_0_shape,
     conf_autograd_max_pool2d_padding_out_0_data},
    {4, conf_autograd_max_pool2d_padding_out_1_shape,
     conf_autograd_max_pool2d_padding_out_1_data},
    {4, conf_autograd_max_pool2d_padding_out_2_shape,
     conf_autograd_max_pool2d_padding_out_2_data}};
CONF_PROG(conf_autograd_max_pool2d_padding,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo nn.functional.max_pool2d)",
          CONF_EAGER,
    "prog conf_autograd_max_pool2d_padding\n"
    "in 1,1,5,5\n"
    "v1 = max_pool2d v0 [3,3] [2,2] [1,1]\n"
    "out v1\n"
    "end\n",
          conf_autograd_max_pool2d_padding_in, 1,
          conf_autograd_max_pool2d_padding_out, 3, 0)
static const int64_t conf_autograd_avg_pool2d_in_0_shape[] = {1, 2, 4, 4};
static const double conf_autograd_avg_pool2d_in_0_data[] = {
    0.32625686994715764, -0.24621168815859612, -0.6031655973180985, -2.8060616027098577,
    0.7172603586784603, 0.9076540605952862, -1.861805548849512, -0.34676647755930384,
    1.2536976423322022, 0.4893115641232698, -0.19018839579411365, -1.0840778072432646,
    -0.03239597013863441, -0.0987251757365782, 1.3396187772669401, 0.6581339174086741,
    -1.638644338755243, -1.0603241413058788, 0.3657718811544488, 0.4997265780824722,
    -0.5476616642731765, -0.33687849601251657, -0.15333571820565312, -0.9161399617060662,
    -0.7122069099465147, 0.6527769280459855, -0.745325933806069, 0.7513736653617326,
    -2.145933208750204, 1.2022251705917137, -1.8784958091175759, -0.02809758738705501};
static const conf_array conf_autograd_avg_pool2d_in[] = {
    {4, conf_autograd_avg_pool2d_in_0_shape,
     conf_autograd_avg_pool2d_in_0_data}};
static const int64_t conf_autograd_avg_pool2d_out_0_shape[] = {1, 2, 4, 4};
static const double conf_autograd_avg_pool2d_out_0_data[] = {
    0.1894399556735898, -0.08444572723392252, -0.5507063171111202, -0.6241999140485303,
    0.38310764527975333, 0.0880899183951173, -0.6379234992126879, -0.7657850477193501,
    0.3596447199837784, 0.28049192360859115, -0.020760565087622425, -0.1650095038633977,
    0.1790986733978066, 0.30681316022812066, 0.12378587555832528, 0.08038738795980399,
    -0.39816762670520167, -0.3745636085997799, -0.17790887311035486, -0.02266413563053314,
    -0.40477095802748264, -0.4639809325671796, -0.10470613315461608, -0.02199216545768164,
    -0.2097420200383014, -0.5183150712748901, -0.16132197135950047, -0.33000237165118734,
    -0.11145978000655771, -0.402995529220296, -0.005060396256807552, -0.21117174054988527};
static const int64_t conf_autograd_avg_pool2d_out_1_shape[] = {1, 2, 4, 4};
static const double conf_autograd_avg_pool2d_out_1_data[] = {
    0.19444444444444445, 0.1111111111111111, 0.05555555555555558, -0.08333333333333333,
    0.02777777777777779, -1.3877787807814457e-17, -0.08333333333333331, -0.08333333333333333,
    0.1111111111111111, -0.02777777777777779, -0.1111111111111111, 0.0, -1.3877787807814457e-17,
    -0.02777777777777779, -0.08333333333333334, 0.027777777777777776, -0.19444444444444445,
    -0.16666666666666669, 0.08333333333333334, 0.1388888888888889, -0.25, -0.1111111111111111,
    0.11111111111111112, 0.25, -0.16666666666666669, -0.1388888888888889, 0.08333333333333331,
    0.02777777777777779, -0.08333333333333333, 0.0, -0.055555555555555566, -0.055555555555555566};
static const int64_t conf_autograd_avg_pool2d_out_2_shape[] = {1, 2, 4, 4};
static const double conf_autograd_avg_pool2d_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_avg_pool2d_out[] = {
    {4, conf_autograd_avg_pool2d_out_0_shape,
     conf_autograd_avg_pool2d_out_0_data},
    {4, conf_autograd_avg_pool2d_out_1_shape,
     conf_autograd_avg_pool2d_out_1_data},
    {4, conf_autograd_avg_pool2d_out_2_shape,
     conf_autograd_avg_pool2d_out_2_data}};
CONF_PROG(conf_autograd_avg_pool2d,
          "test_autograd.py method_tests gradcheck+gradgradcheck (test_ops_gradients.py"
          " TestBwdGradients.test_fn_gradgrad, OpInfo nn.functional.avg_pool2d)",
          CONF_EAGER,
    "prog conf_autograd_avg_pool2d\n"
    "in 1,2,4,4\n"
    "v1 = avg_pool2d v0 [3,3] [1,1] [1,1]\n"
    "out v1\n"
    "end\n",
          conf_autograd_avg_pool2d_in, 1,
          conf_autograd_avg_pool2d_out, 3, 0)
static const int64_t conf_autograd_test_sum_to_with_empty_dim_grad_in_0_shape[] = {4, 0};
static const double conf_autograd_test_sum_to_with_empty_dim_grad_in_0_data[] = {
    0};
static const int64_t conf_autograd_test_sum_to_with_empty_dim_grad_in_1_shape[] = {4, 1};
static const double conf_autograd_test_sum_to_with_empty_dim_grad_in_1_data[] = {
    0.4048117238193749, -0.8479190743966465, 1.0519822282303402, -0.39309475091518964};
static const conf_array conf_autograd_test_sum_to_with_empty_dim_grad_in[] = {
    {2, conf_autograd_test_sum_to_with_empty_dim_grad_in_0_shape,
     conf_autograd_test_sum_to_with_empty_dim_grad_in_0_data},
    {2, conf_autograd_test_sum_to_with_empty_dim_grad_in_1_shape,
     conf_autograd_test_sum_to_with_empty_dim_grad_in_1_data}};
static const int64_t conf_autograd_test_sum_to_with_empty_dim_grad_out_0_shape[] = {0};
static const double conf_autograd_test_sum_to_with_empty_dim_grad_out_0_data[] = {
    0.0};
static const int64_t conf_autograd_test_sum_to_with_empty_dim_grad_out_1_shape[] = {4, 0};
static const double conf_autograd_test_sum_to_with_empty_dim_grad_out_1_data[] = {
    0};
static const int64_t conf_autograd_test_sum_to_with_empty_dim_grad_out_2_shape[] = {4, 1};
static const double conf_autograd_test_sum_to_with_empty_dim_grad_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_test_sum_to_with_empty_dim_grad_out_3_shape[] = {4, 0};
static const double conf_autograd_test_sum_to_with_empty_dim_grad_out_3_data[] = {
    0};
static const int64_t conf_autograd_test_sum_to_with_empty_dim_grad_out_4_shape[] = {4, 1};
static const double conf_autograd_test_sum_to_with_empty_dim_grad_out_4_data[] = {
    0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_test_sum_to_with_empty_dim_grad_out[] = {
    {0, conf_autograd_test_sum_to_with_empty_dim_grad_out_0_shape,
     conf_autograd_test_sum_to_with_empty_dim_grad_out_0_data},
    {2, conf_autograd_test_sum_to_with_empty_dim_grad_out_1_shape,
     conf_autograd_test_sum_to_with_empty_dim_grad_out_1_data},
    {2, conf_autograd_test_sum_to_with_empty_dim_grad_out_2_shape,
     conf_autograd_test_sum_to_with_empty_dim_grad_out_2_data},
    {2, conf_autograd_test_sum_to_with_empty_dim_grad_out_3_shape,
     conf_autograd_test_sum_to_with_empty_dim_grad_out_3_data},
    {2, conf_autograd_test_sum_to_with_empty_dim_grad_out_4_shape,
     conf_autograd_test_sum_to_with_empty_dim_grad_out_4_data}};
CONF_PROG(conf_autograd_test_sum_to_with_empty_dim_grad,
          "test_autograd.py TestAutograd.test_sum_to_with_empty_dim_grad",
          CONF_EAGER,
    "prog conf_autograd_test_sum_to_with_empty_dim_grad\n"
    "in 4,0\n"
    "in 4,1\n"
    "v2 = add v0 v1\n"
    "v3 = sum v2 [] 0\n"
    "out v3\n"
    "end\n",
          conf_autograd_test_sum_to_with_empty_dim_grad_in, 2,
          conf_autograd_test_sum_to_with_empty_dim_grad_out, 5, 0)
static const int64_t conf_autograd_test_select_sum_in_0_shape[] = {10};
static const double conf_autograd_test_select_sum_in_0_data[] = {
    0.9339890126915418, -0.016272962550067, -2.8224555794669617, -0.5065801369167037,
    -0.864222415259909, 0.23326864488247787, 0.3883240258844382, -1.0530052932833667,
    -0.10162933806598831, 1.520082329853882};
static const conf_array conf_autograd_test_select_sum_in[] = {
    {1, conf_autograd_test_select_sum_in_0_shape,
     conf_autograd_test_select_sum_in_0_data}};
static const int64_t conf_autograd_test_select_sum_out_0_shape[] = {0};
static const double conf_autograd_test_select_sum_out_0_data[] = {
    -0.016272962550067};
static const int64_t conf_autograd_test_select_sum_out_1_shape[] = {10};
static const double conf_autograd_test_select_sum_out_1_data[] = {
    0.0, -0.5, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_test_select_sum_out_2_shape[] = {10};
static const double conf_autograd_test_select_sum_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_test_select_sum_out[] = {
    {0, conf_autograd_test_select_sum_out_0_shape,
     conf_autograd_test_select_sum_out_0_data},
    {1, conf_autograd_test_select_sum_out_1_shape,
     conf_autograd_test_select_sum_out_1_data},
    {1, conf_autograd_test_select_sum_out_2_shape,
     conf_autograd_test_select_sum_out_2_data}};
CONF_PROG(conf_autograd_test_select_sum,
          "test_autograd.py TestAutograd.test_select_sum",
          CONF_EAGER,
    "prog conf_autograd_test_select_sum\n"
    "in 10\n"
    "v1 = select v0 0 1\n"
    "v2 = sum v1 [] 0\n"
    "out v2\n"
    "end\n",
          conf_autograd_test_select_sum_in, 1,
          conf_autograd_test_select_sum_out, 3, 0)
static const int64_t conf_autograd_test_stack_in_0_shape[] = {3, 3};
static const double conf_autograd_test_stack_in_0_data[] = {
    -0.9578888484184211, -1.777082941352796, 0.3842917646105053, 0.3532534529277062,
    1.6097838130005224, -1.3873853924292412, 0.6446317742763924, -1.110522454769981,
    1.5638269010595587};
static const int64_t conf_autograd_test_stack_in_1_shape[] = {3, 3};
static const double conf_autograd_test_stack_in_1_data[] = {
    1.3712764273633868, 1.0006536147167353, -1.045748409219448, -0.16435638131735036,
    -1.5032172847833738, 1.588273099877393, 1.0520357307576222, 0.4543797221844076,
    0.39315550084926976};
static const int64_t conf_autograd_test_stack_in_2_shape[] = {3, 3};
static const double conf_autograd_test_stack_in_2_data[] = {
    -2.3583283064103733, -1.047152835436043, -0.22057435517431317, 0.5232504332720561,
    -0.004014695826194058, 1.1110567637341207, 2.151839684574147, -0.3016699566346101,
    -0.4304725300395566};
static const conf_array conf_autograd_test_stack_in[] = {
    {2, conf_autograd_test_stack_in_0_shape,
     conf_autograd_test_stack_in_0_data},
    {2, conf_autograd_test_stack_in_1_shape,
     conf_autograd_test_stack_in_1_data},
    {2, conf_autograd_test_stack_in_2_shape,
     conf_autograd_test_stack_in_2_data}};
static const int64_t conf_autograd_test_stack_out_0_shape[] = {3, 3, 3};
static const double conf_autograd_test_stack_out_0_data[] = {
    -0.9578888484184211, -1.777082941352796, 0.3842917646105053, 0.3532534529277062,
    1.6097838130005224, -1.3873853924292412, 0.6446317742763924, -1.110522454769981,
    1.5638269010595587, 1.3712764273633868, 1.0006536147167353, -1.045748409219448,
    -0.16435638131735036, -1.5032172847833738, 1.588273099877393, 1.0520357307576222,
    0.4543797221844076, 0.39315550084926976, -2.3583283064103733, -1.047152835436043,
    -0.22057435517431317, 0.5232504332720561, -0.004014695826194058, 1.1110567637341207,
    2.151839684574147, -0.3016699566346101, -0.4304725300395566};
static const int64_t conf_autograd_test_stack_out_1_shape[] = {3, 3};
static const double conf_autograd_test_stack_out_1_data[] = {
    -0.5, 1.25, 0.25, -0.75, 1.0, 0.0, -1.0, 0.75, -0.25};
static const int64_t conf_autograd_test_stack_out_2_shape[] = {3, 3};
static const double conf_autograd_test_stack_out_2_data[] = {
    -1.25, 0.5, -0.5, 1.25, 0.25, -0.75, 1.0, 0.0, -1.0};
static const int64_t conf_autograd_test_stack_out_3_shape[] = {3, 3};
static const double conf_autograd_test_stack_out_3_data[] = {
    0.75, -0.25, -1.25, 0.5, -0.5, 1.25, 0.25, -0.75, 1.0};
static const int64_t conf_autograd_test_stack_out_4_shape[] = {3, 3};
static const double conf_autograd_test_stack_out_4_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_test_stack_out_5_shape[] = {3, 3};
static const double conf_autograd_test_stack_out_5_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_test_stack_out_6_shape[] = {3, 3};
static const double conf_autograd_test_stack_out_6_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_test_stack_out[] = {
    {3, conf_autograd_test_stack_out_0_shape,
     conf_autograd_test_stack_out_0_data},
    {2, conf_autograd_test_stack_out_1_shape,
     conf_autograd_test_stack_out_1_data},
    {2, conf_autograd_test_stack_out_2_shape,
     conf_autograd_test_stack_out_2_data},
    {2, conf_autograd_test_stack_out_3_shape,
     conf_autograd_test_stack_out_3_data},
    {2, conf_autograd_test_stack_out_4_shape,
     conf_autograd_test_stack_out_4_data},
    {2, conf_autograd_test_stack_out_5_shape,
     conf_autograd_test_stack_out_5_data},
    {2, conf_autograd_test_stack_out_6_shape,
     conf_autograd_test_stack_out_6_data}};
CONF_PROG(conf_autograd_test_stack,
          "test_autograd.py TestAutograd.test_stack",
          CONF_EAGER,
    "prog conf_autograd_test_stack\n"
    "in 3,3\n"
    "in 3,3\n"
    "in 3,3\n"
    "v3 = stack 0 v0 v1 v2\n"
    "out v3\n"
    "end\n",
          conf_autograd_test_stack_in, 3,
          conf_autograd_test_stack_out, 7, 0)
static const int64_t conf_autograd_test_unused_output_in_0_shape[] = {10, 10};
static const double conf_autograd_test_unused_output_in_0_data[] = {
    -0.06658125184344571, 0.5135892978023798, 0.2111344670449483, -0.12746880979260058,
    -1.3395929326227796, 0.2074459054393362, 1.043586876961082, -0.030692325585582124,
    0.04262503720022435, 1.110721320223017, 0.18785183811022196, 0.7889242622821422,
    -1.2689484889527685, -0.5197867448560308, -1.0660455886170002, 0.7751037096576956,
    0.48109838859963977, 0.21689720774381152, -0.04476343369143016, 1.8342320973942634,
    -0.26477748356012826, 0.3233570182432312, -1.0971126693088353, 0.7885473980691653,
    -0.7671463866767898, 0.2293137589741038, 0.37687486117557034, 0.6798402894303007,
    0.5195684087264932, 0.541707068397412, -0.9395931162277312, -0.3729276398211408,
    1.8587444952919467, 0.10510416871636256, 0.8092286572796564, -1.1511266222099554,
    -1.0919777964675215, -0.793583660200603, -0.4819694352000299, 1.5009828761355837,
    0.5027180346377299, 1.012432398035675, -0.9165878632365657, -0.5201227106710531,
    1.1838332251224788, 0.1284117766955205, -0.8976239375330801, 0.5848418184346629,
    1.125573585833101, -0.3856692678959424, -2.0687436404418267, -0.4974708980040949,
    0.961743789981495, -0.6182603735330184, -0.6224183729052273, -0.12594636548205856,
    -0.13523446450417076, 0.8845500767583464, 1.41495591177231, -0.8907607556968175,
    0.36751279491161126, -0.5625193583127228, -0.23988923657591085, 1.0490585580309286,
    -0.41430811421875674, -0.3821365168639979, 0.5345126999529943, -0.5208285159994871,
    0.26302660230019265, -0.11351512407041617, 0.3619465328747858, 1.1988447541916358,
    -0.6571257868956756, -0.5405466031598797, 0.5513682052587222, 1.0238926413181173,
    -0.39536776892522874, 1.8385222106343297, -0.11747153008166114, -1.8715556670293363,
    0.20931733687653795, 1.697093403109406, 0.46184633548533777, 0.7940997206779055,
    1.353195924641009, -0.6346523951352963, 0.21145095873923322, -0.34667120051774686,
    0.7605840671220488, -1.6362760898278936, 0.8671698907948358, 0.41345031504182883,
    2.3413929038566157, -0.8881409563174535, -0.5581665390316213, 0.2309989189164555,
    -0.282250034644144, -0.6473449030820284, -2.7502873161709878, 0.17904018758999998};
static const conf_array conf_autograd_test_unused_output_in[] = {
    {2, conf_autograd_test_unused_output_in_0_shape,
     conf_autograd_test_unused_output_in_0_data}};
static const int64_t conf_autograd_test_unused_output_out_0_shape[] = {0};
static const double conf_autograd_test_unused_output_out_0_data[] = {
    40.48088786946986};
static const int64_t conf_autograd_test_unused_output_out_1_shape[] = {10, 10};
static const double conf_autograd_test_unused_output_out_1_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, -2.0, -2.0, -2.0, -2.0, -2.0, -2.0, -2.0, -2.0, -2.0, -2.0, -2.0, -2.0, -2.0, -2.0,
    -2.0, -2.0, -2.0, -2.0, -2.0, -2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_test_unused_output_out_2_shape[] = {10, 10};
static const double conf_autograd_test_unused_output_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_test_unused_output_out[] = {
    {0, conf_autograd_test_unused_output_out_0_shape,
     conf_autograd_test_unused_output_out_0_data},
    {2, conf_autograd_test_unused_output_out_1_shape,
     conf_autograd_test_unused_output_out_1_data},
    {2, conf_autograd_test_unused_output_out_2_shape,
     conf_autograd_test_unused_output_out_2_data}};
CONF_PROG(conf_autograd_test_unused_output,
          "test_autograd.py TestAutograd.test_unused_output",
          CONF_EAGER,
    "prog conf_autograd_test_unused_output\n"
    "in 10,10\n"
    "v1 = chunk v0 5 0 2\n"
    "v2 = mul_scalar v1 4.0\n"
    "v3 = add_scalar v2 2.0\n"
    "v4 = sum v3 [] 0\n"
    "out v4\n"
    "end\n",
          conf_autograd_test_unused_output_in, 1,
          conf_autograd_test_unused_output_out, 3, 0)
static const int64_t conf_autograd_test_hessian_vector_in_0_shape[] = {2, 2};
static const double conf_autograd_test_hessian_vector_in_0_data[] = {
    -1.0860971743274608, 0.6141230698270945, -1.393183927089915, 1.5385083798405679};
static const int64_t conf_autograd_test_hessian_vector_in_1_shape[] = {2, 2};
static const double conf_autograd_test_hessian_vector_in_1_data[] = {
    -1.2232357076985754, 0.0650359835755443, 1.3486935449045971, -0.340759097948864};
static const conf_array conf_autograd_test_hessian_vector_in[] = {
    {2, conf_autograd_test_hessian_vector_in_0_shape,
     conf_autograd_test_hessian_vector_in_0_data},
    {2, conf_autograd_test_hessian_vector_in_1_shape,
     conf_autograd_test_hessian_vector_in_1_data}};
static const int64_t conf_autograd_test_hessian_vector_out_0_shape[] = {2, 2};
static const double conf_autograd_test_hessian_vector_out_0_data[] = {
    4.004465514338804, 0.42131692193613063, 1.880957563438001, 1.9588640699733326};
static const int64_t conf_autograd_test_hessian_vector_out_1_shape[] = {2, 2};
static const double conf_autograd_test_hessian_vector_out_1_data[] = {
    1.6977150281767486, 1.6166026540371667, -0.35941857731880816, -2.0521932462992036};
static const int64_t conf_autograd_test_hessian_vector_out_2_shape[] = {2, 2};
static const double conf_autograd_test_hessian_vector_out_2_data[] = {
    1.7662842948623059, 0.9302437962227289, 0.32605079067981985, -0.6427426379571298};
static const int64_t conf_autograd_test_hessian_vector_out_3_shape[] = {2, 2};
static const double conf_autograd_test_hessian_vector_out_3_data[] = {
    -0.375, -2.8125, 0.0625, 0.0};
static const int64_t conf_autograd_test_hessian_vector_out_4_shape[] = {2, 2};
static const double conf_autograd_test_hessian_vector_out_4_data[] = {
    -0.75, -1.875, -0.4375, -0.5625};
static const conf_array conf_autograd_test_hessian_vector_out[] = {
    {2, conf_autograd_test_hessian_vector_out_0_shape,
     conf_autograd_test_hessian_vector_out_0_data},
    {2, conf_autograd_test_hessian_vector_out_1_shape,
     conf_autograd_test_hessian_vector_out_1_data},
    {2, conf_autograd_test_hessian_vector_out_2_shape,
     conf_autograd_test_hessian_vector_out_2_data},
    {2, conf_autograd_test_hessian_vector_out_3_shape,
     conf_autograd_test_hessian_vector_out_3_data},
    {2, conf_autograd_test_hessian_vector_out_4_shape,
     conf_autograd_test_hessian_vector_out_4_data}};
CONF_PROG(conf_autograd_test_hessian_vector,
          "test_autograd.py TestAutograd.test_hessian_vector",
          CONF_EAGER,
    "prog conf_autograd_test_hessian_vector\n"
    "in 2,2\n"
    "in 2,2\n"
    "v2 = pow_scalar v0 2.0\n"
    "v3 = mul v1 v0\n"
    "v4 = pow_scalar v1 2.0\n"
    "v5 = add v2 v3\n"
    "v6 = add v5 v4\n"
    "out v6\n"
    "end\n",
          conf_autograd_test_hessian_vector_in, 2,
          conf_autograd_test_hessian_vector_out, 5, 0)
static const int64_t conf_autograd_test_backward_in_0_shape[] = {5, 5};
static const double conf_autograd_test_backward_in_0_data[] = {
    1.6097746580009986, 2.191299919285286, 1.0394378688273263, -0.676472706878541,
    -0.13213037930401741, -0.9837275301863225, 0.20777910269590982, -0.7553642493013663,
    0.884486957708171, -1.019304506659364, -1.0517680642056797, -1.012563279956871,
    -1.633554197180849, 0.5914319691632278, -0.21049318372549583, 0.8593717408048851,
    0.8489182697017609, -1.6498223160198684, -0.5690313114412937, 0.04672764952452957,
    -2.2079115820946225, -0.5270574126174583, -1.5075173088391207, -1.1120412722080046,
    -1.0624385474969809};
static const int64_t conf_autograd_test_backward_in_1_shape[] = {5, 5};
static const double conf_autograd_test_backward_in_1_data[] = {
    1.2425633066485526, 0.7036438090899936, 0.9862082450821444, 0.6484500070622479,
    1.3094288699471628, 1.3108158846399118, 0.6941539350899012, 0.7549529932865575,
    1.1424028953008274, 1.0931245118124728, 0.810317884432189, 1.4384777977243361,
    1.1917777617601986, 1.494268765219633, 1.2336137893544077, 1.2642661463981972,
    1.2281060197580462, 1.280005148894282, 0.5081301777557926, 0.7804724238366395,
    0.5098365268628111, 1.265863545544915, 1.132011712595305, 0.7185836880609315,
    0.7917395052133497};
static const int64_t conf_autograd_test_backward_in_2_shape[] = {5, 5};
static const double conf_autograd_test_backward_in_2_data[] = {
    0.6152863708488168, -0.5322095428882903, 0.23448012839035728, -0.1183806307300166,
    -0.700243971389912, 1.2578498060106365, 1.9878372049083457, 0.030553878907161717,
    -0.23770024561726413, -0.2429170920410562, 0.896583542085419, 0.6903770289197759,
    1.818321370238155, 0.7321772087021367, 1.4830944589634882, 0.4600003748694602,
    -1.196167024053548, -0.1704786470095572, -0.40925315498202686, -0.2696896504571916,
    -0.5067364215389701, -2.4950715482216745, 1.3172403142101907, 0.8097127403049582,
    -1.6847487247387176};
static const conf_array conf_autograd_test_backward_in[] = {
    {2, conf_autograd_test_backward_in_0_shape,
     conf_autograd_test_backward_in_0_data},
    {2, conf_autograd_test_backward_in_1_shape,
     conf_autograd_test_backward_in_1_data},
    {2, conf_autograd_test_backward_in_2_shape,
     conf_autograd_test_backward_in_2_data}};
static const int64_t conf_autograd_test_backward_out_0_shape[] = {5, 5};
static const double conf_autograd_test_backward_out_0_data[] = {
    4.3361358949998365, 5.345185084519355, 1.5024779946319047, -0.811714972326387,
    -1.2469654194560227, -4.084448683793146, 6.318804793876156, -0.736033699188697,
    0.7879187089059718, -1.5049382728228955, -4.49880472127019, -1.3614686294980856,
    -17.594087420628952, 2.5342294068064506, 0.11781077936183326, 2.016267161275989,
    3.336056661973083, -2.017875056005136, -1.5272338693551717, -0.14633941938768766,
    -6.914368622821556, -14.053526304049626, -9.25914009290535, -4.5886943241388805,
    -17.631647247213873};
static const int64_t conf_autograd_test_backward_out_1_shape[] = {5, 5};
static const double conf_autograd_test_backward_out_1_data[] = {
    -1.1093489420243836, 3.2627157652938044, 0.30574981844263416, -0.8148344833653056,
    2.4978793601448603, 0.0, -23.77014681307574, 0.7537096595069165, -0.29945838897898563,
    -1.5199084732252623, 2.4840659163081993, -1.1626733381830543, 15.121263215138057,
    0.6087597341392977, -6.099087031588659, 1.6694803795320408, 0.0, -1.09082141305858,
    1.7388498195627995, -0.34319036181468704, -3.7682758333752804, 10.335786886596011,
    -3.5655549338840973, 5.811992797118509, 3.8349900716320566};
static const int64_t conf_autograd_test_backward_out_2_shape[] = {5, 5};
static const double conf_autograd_test_backward_out_2_data[] = {
    0.48178499059046154, -6.933296745453971, -0.0001388281720237569, 0.02114917420637473,
    -0.5490976414517418, 0.0, 4.827885409215085, 0.02662708950156184, 0.0977174188389065,
    0.051965133708430644, 3.023549220178492, -0.8116529186461177, 21.2860608539971,
    0.041047105314303056, -2.025042774716847, 0.004928062103476738, -0.0, 0.053417247556640526,
    0.8004269745393362, 0.07300181097988609, -10.27229157187695, 2.8477116210374747,
    -4.741066542250924, 8.072034377180858, 4.3895259629945995};
static const int64_t conf_autograd_test_backward_out_3_shape[] = {5, 5};
static const double conf_autograd_test_backward_out_3_data[] = {
    -3.8097627613889795, -15.694608377829038, 0.7408239884254951, -1.2273161297682185,
    1.8747043341964522, 0.0, -5.454262722059859, 0.3827916072926141, 0.08247041457493881,
    -3.631531743757973, -4.2497941549558185, 1.22462267457548, -23.43377109901005,
    0.9531590537574324, 0.5931640979922368, 3.7657098435101135, 0.0, -3.037869804261983,
    3.1309188762050897, -0.16282493817494037, -22.582157496344294, 4.7883431806744525,
    6.450750424500497, -11.632447064223797, 4.719477571148302};
static const int64_t conf_autograd_test_backward_out_4_shape[] = {5, 5};
static const double conf_autograd_test_backward_out_4_data[] = {
    2.8436728670934213, -3.0667061164209235, -0.16709742202909528, 1.4191872343821812,
    -0.4975820204221437, -0.0, -14.708784924881964, 0.0036853216755593113, -0.3728475339196159,
    1.6666703295191203, 1.342044147260563, 2.745186720631554, 10.53839319541055,
    -0.1898771811550991, -6.848711484372517, 0.9924658214408468, 0.0, 1.0832257436923942,
    1.4595420566194564, -0.571690844509694, 7.454395597993191, 9.741064491678392,
    7.8491836017252865, 7.221235309149431, 7.787897753841705};
static const int64_t conf_autograd_test_backward_out_5_shape[] = {5, 5};
static const double conf_autograd_test_backward_out_5_data[] = {
    -3.535547491980139, 10.808817201113593, -0.06575647880371893, 0.5701736031176843,
    1.6874027541739414, -0.0, -15.453315640039206, 0.0012324556712991269, 0.515975359503705,
    0.43143209044794695, 2.3465124103101074, 2.8005800319110197, 30.6973763996146,
    -0.34869928978750836, -2.8201944846558824, 0.057332685983199516, 0.0, 0.3835761911541641,
    0.8363761990820675, 0.30692957258924874, 27.640168989208014, -0.6040715764413891,
    13.782650899714024, 20.60496628466594, 14.524782634025708};
static const int64_t conf_autograd_test_backward_out_6_shape[] = {5, 5};
static const double conf_autograd_test_backward_out_6_data[] = {
    8.027174814909808, 16.933518630087054, -0.3833549818423706, 7.746618645034952,
    4.861739647376973, 0.0, 10.524473523426696, -0.4411855084171828, 1.0803125421654625,
    5.326845703956034, -0.5207953754301817, -4.908064458956767, -27.65137060072889,
    0.511530924433228, 2.09267130251968, -1.7897113658972519, 0.0, 9.871935927487986,
    -2.544340036832053, 0.001138862190551454, 25.02530327255385, -4.6851409585278,
    -11.682439324499533, -23.677910614832804, 4.976163507850067};
static const conf_array conf_autograd_test_backward_out[] = {
    {2, conf_autograd_test_backward_out_0_shape,
     conf_autograd_test_backward_out_0_data},
    {2, conf_autograd_test_backward_out_1_shape,
     conf_autograd_test_backward_out_1_data},
    {2, conf_autograd_test_backward_out_2_shape,
     conf_autograd_test_backward_out_2_data},
    {2, conf_autograd_test_backward_out_3_shape,
     conf_autograd_test_backward_out_3_data},
    {2, conf_autograd_test_backward_out_4_shape,
     conf_autograd_test_backward_out_4_data},
    {2, conf_autograd_test_backward_out_5_shape,
     conf_autograd_test_backward_out_5_data},
    {2, conf_autograd_test_backward_out_6_shape,
     conf_autograd_test_backward_out_6_data}};
CONF_PROG(conf_autograd_test_backward,
          "test_autograd.py TestAutograd.test_backward",
          CONF_EAGER,
    "prog conf_autograd_test_backward\n"
    "in 5,5\n"
    "in 5,5\n"
    "in 5,5\n"
    "v3 = mul v1 v2\n"
    "v4 = add v0 v3\n"
    "v5 = pow_scalar v2 2.0\n"
    "v6 = mul_scalar v5 4.0\n"
    "v7 = mul v6 v0\n"
    "v8 = div v7 v1\n"
    "v9 = add v4 v8\n"
    "out v9\n"
    "end\n",
          conf_autograd_test_backward_in, 3,
          conf_autograd_test_backward_out, 7, 0)
static const int64_t conf_autograd_test_fill_in_0_shape[] = {4, 5};
static const double conf_autograd_test_fill_in_0_data[] = {
    0.8036437912895952, -2.2747944703054936, 0.6743321321085998, -0.6629245935556981,
    -0.2680142737867852, 1.0831982290398074, -0.6938175993621315, -1.0669443134676324,
    0.4095291353972668, 1.9021409617068585, -0.2271491526483882, 2.0162645682725704,
    -0.12988806552843943, 1.2226527413300512, 2.3508396974701378, 0.06106968184462341,
    -0.45922177263315006, 0.11596200489005469, 0.8699854252809289, 1.1077012846710714};
static const conf_array conf_autograd_test_fill_in[] = {
    {2, conf_autograd_test_fill_in_0_shape,
     conf_autograd_test_fill_in_0_data}};
static const int64_t conf_autograd_test_fill_out_0_shape[] = {4, 5};
static const double conf_autograd_test_fill_out_0_data[] = {
    2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0,
    2.0};
static const int64_t conf_autograd_test_fill_out_1_shape[] = {4, 5};
static const double conf_autograd_test_fill_out_1_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0};
static const int64_t conf_autograd_test_fill_out_2_shape[] = {4, 5};
static const double conf_autograd_test_fill_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0};
static const conf_array conf_autograd_test_fill_out[] = {
    {2, conf_autograd_test_fill_out_0_shape,
     conf_autograd_test_fill_out_0_data},
    {2, conf_autograd_test_fill_out_1_shape,
     conf_autograd_test_fill_out_1_data},
    {2, conf_autograd_test_fill_out_2_shape,
     conf_autograd_test_fill_out_2_data}};
CONF_PROG(conf_autograd_test_fill,
          "test_autograd.py TestAutograd.test_fill",
          CONF_EAGER,
    "prog conf_autograd_test_fill\n"
    "in 4,5\n"
    "v1 = clone v0\n"
    "fill_ v1 2.0\n"
    "out v1\n"
    "end\n",
          conf_autograd_test_fill_in, 1,
          conf_autograd_test_fill_out, 3, 0)
static const int64_t conf_autograd_test_inplace_exp__in_0_shape[] = {3, 3};
static const double conf_autograd_test_inplace_exp__in_0_data[] = {
    -1.9601469537341054, 0.22009003350963485, -0.3889120403738871, 1.2341285081289008,
    0.24181390128938607, -1.5323577966867443, -2.2096271068890916, 1.1471032946418718,
    0.5367851115195567};
static const conf_array conf_autograd_test_inplace_exp__in[] = {
    {2, conf_autograd_test_inplace_exp__in_0_shape,
     conf_autograd_test_inplace_exp__in_0_data}};
static const int64_t conf_autograd_test_inplace_exp__out_0_shape[] = {3, 3};
static const double conf_autograd_test_inplace_exp__out_0_data[] = {
    2.613117675236877, 1.012183527504925, 1.038537157626588, 1.4634084850758315,
    1.0147258634205516, 1.7986387058718873, 3.3892646751365425, 1.3895243469546819,
    1.0746924890793772};
static const int64_t conf_autograd_test_inplace_exp__out_1_shape[] = {3, 3};
static const double conf_autograd_test_inplace_exp__out_1_data[] = {
    1.2805236627160779, 0.1392321915540371, -0.050487450622081695, -0.6772627989261791,
    0.12268740988648216, -0.0, 3.7445055493016777, 0.5977229836413042, -0.07210986594996292};
static const int64_t conf_autograd_test_inplace_exp__out_2_shape[] = {3, 3};
static const double conf_autograd_test_inplace_exp__out_2_data[] = {
    -0.0, -0.6479365135429521, 0.10472605006550875, 0.24167321143210535, -0.6527458654026824, 0.0,
    2.9158064096925393, 1.0798707900213256, -0.038422578088181926};
static const conf_array conf_autograd_test_inplace_exp__out[] = {
    {2, conf_autograd_test_inplace_exp__out_0_shape,
     conf_autograd_test_inplace_exp__out_0_data},
    {2, conf_autograd_test_inplace_exp__out_1_shape,
     conf_autograd_test_inplace_exp__out_1_data},
    {2, conf_autograd_test_inplace_exp__out_2_shape,
     conf_autograd_test_inplace_exp__out_2_data}};
CONF_PROG(conf_autograd_test_inplace_exp_,
          "test_autograd.py TestAutograd.test_inplace (on a non-leaf)",
          CONF_EAGER,
    "prog conf_autograd_test_inplace_exp_\n"
    "in 3,3\n"
    "v1 = mul_scalar v0 0.5\n"
    "v2 = clone v1\n"
    "mul_ v2 v1\n"
    "v3 = exp v2\n"
    "out v3\n"
    "end\n",
          conf_autograd_test_inplace_exp__in, 1,
          conf_autograd_test_inplace_exp__out, 3, 0)
static const int64_t conf_autograd_test_inplace_add_on_clone_in_0_shape[] = {5, 5};
static const double conf_autograd_test_inplace_add_on_clone_in_0_data[] = {
    0.291319201563426, -0.7821035315803432, -0.13593502344711497, 0.26917253323492313,
    -1.5690218967840899, -0.012372017065254108, -0.9219485874897416, -0.6947551368081817,
    -1.0524198012121264, 0.24174552573842686, -1.5353782813754708, -0.8513612991998906,
    0.00205341719118147, 0.8194854502880513, -0.22829062610074524, -1.4401141342930965,
    1.1095872775647821, 0.6663971453342152, -0.4259792561865751, 0.008928206298521044,
    1.8665433746168785, 1.9842914757586454, 0.06130075206119448, -1.4428039783802948,
    0.47705737311302143};
static const int64_t conf_autograd_test_inplace_add_on_clone_in_1_shape[] = {5, 5};
static const double conf_autograd_test_inplace_add_on_clone_in_1_data[] = {
    -0.3887019996191472, 0.33587967303241156, 1.7816632623787976, 0.701928781972593,
    0.6340109929625495, -0.5098931178012638, 1.1439357358696869, 0.04100776218778381,
    -0.7101780335658233, 1.0846896662723213, -0.4621206929887779, 1.187749385856498,
    0.3623969056563977, -2.319723335173553, -0.15903770309436255, 1.5659778140737934,
    -0.09476081250687629, -0.3824748655972485, -0.16733624525546906, 0.22511323818536932,
    0.48075878798271343, 0.2985627799527223, -1.6090858319708603, 1.8386290363186013,
    -0.847905102092778};
static const conf_array conf_autograd_test_inplace_add_on_clone_in[] = {
    {2, conf_autograd_test_inplace_add_on_clone_in_0_shape,
     conf_autograd_test_inplace_add_on_clone_in_0_data},
    {2, conf_autograd_test_inplace_add_on_clone_in_1_shape,
     conf_autograd_test_inplace_add_on_clone_in_1_data}};
static const int64_t conf_autograd_test_inplace_add_on_clone_out_0_shape[] = {5, 5};
static const double conf_autograd_test_inplace_add_on_clone_out_0_data[] = {
    -4.000256352366629, 3.0961040518594154, 17.57444218644165, 7.208227768119998,
    5.345332798865432, -5.092622771657745, 10.384707422832774, 0.38158726844886703,
    -6.35437491074767, 11.109115536359255, -3.911676854498628, 10.86628999829832,
    3.624713208600083, -25.098212873603927, -1.5540702141305889, 13.404591356700857,
    -1.0527535170380944, -4.079628814568579, -1.6020806832677115, 2.25314223928474,
    5.704945010325108, 3.578063378766214, -16.18949649133943, 15.733509074820006,
    -8.883550401581289};
static const int64_t conf_autograd_test_inplace_add_on_clone_out_1_shape[] = {5, 5};
static const double conf_autograd_test_inplace_add_on_clone_out_1_data[] = {
    0.1943509998095736, 0.41984959129051447, 0.4454158155946994, -0.5264465864794448,
    0.6340109929625495, -0.0, -1.1439357358696869, 0.030755821640837858, 0.17754450839145583,
    -1.3558620828404018, -0.23106034649438895, -0.593874692928249, 0.45299613207049716,
    -0.5799308337933883, 0.11927827732077191, 1.5659778140737934, -0.0, 0.3824748655972485,
    -0.12550218394160179, -0.05627830954634233, -0.6009484849783918, 0.14928138997636115,
    0.8045429159854302, 2.2982862953982517, -0.2119762755231945};
static const int64_t conf_autograd_test_inplace_add_on_clone_out_2_shape[] = {5, 5};
static const double conf_autograd_test_inplace_add_on_clone_out_2_data[] = {
    -5.145659600781713, 11.52237058552457, 2.4660162441382214, -7.701879399926193,
    8.43097810321591, 0.0, -9.07805141251026, 6.978933647393864, -2.2368950496969684,
    -12.802181907173033, 4.232310859312265, -4.574319350400055, 12.502566771488976,
    2.7048713625720127, -7.32878203042444, 8.559885865706903, 0.0, -10.666397145334216,
    7.180515557860068, -2.50223205157463, -14.833179218271098, 5.992145737879323,
    -5.030650376030597, 10.69649502702463, 2.6192643432782554};
static const int64_t conf_autograd_test_inplace_add_on_clone_out_3_shape[] = {5, 5};
static const double conf_autograd_test_inplace_add_on_clone_out_3_data[] = {
    -0.375, -0.3125, -0.3125, -0.375, -0.5, 0.0, -0.25, -0.5625, -0.25, -0.0, -0.5, -0.375,
    -0.3125, -0.3125, -0.375, -0.5, 0.0, -0.25, -0.5625, -0.25, -0.0, -0.5, -0.375, -0.3125,
    -0.3125};
static const int64_t conf_autograd_test_inplace_add_on_clone_out_4_shape[] = {5, 5};
static const double conf_autograd_test_inplace_add_on_clone_out_4_data[] = {
    -0.0, -1.25, 0.1875, 0.1875, -1.25, 0.0, 0.5, 0.9375, -0.0625, 0.9375, 0.5, -0.0, -1.25,
    0.1875, 0.1875, -1.25, 0.0, 0.5, 0.9375, -0.0625, 0.9375, 0.5, -0.0, -1.25, 0.1875};
static const conf_array conf_autograd_test_inplace_add_on_clone_out[] = {
    {2, conf_autograd_test_inplace_add_on_clone_out_0_shape,
     conf_autograd_test_inplace_add_on_clone_out_0_data},
    {2, conf_autograd_test_inplace_add_on_clone_out_1_shape,
     conf_autograd_test_inplace_add_on_clone_out_1_data},
    {2, conf_autograd_test_inplace_add_on_clone_out_2_shape,
     conf_autograd_test_inplace_add_on_clone_out_2_data},
    {2, conf_autograd_test_inplace_add_on_clone_out_3_shape,
     conf_autograd_test_inplace_add_on_clone_out_3_data},
    {2, conf_autograd_test_inplace_add_on_clone_out_4_shape,
     conf_autograd_test_inplace_add_on_clone_out_4_data}};
CONF_PROG(conf_autograd_test_inplace_add_on_clone,
          "test_autograd.py TestAutograd.test_inplace (leaf.clone().add_(10))",
          CONF_EAGER,
    "prog conf_autograd_test_inplace_add_on_clone\n"
    "in 5,5\n"
    "in 5,5\n"
    "v2 = clone v0\n"
    "add_scalar_ v2 10.0\n"
    "v3 = add_scalar v2 2.0\n"
    "v4 = mul v2 v1\n"
    "out v4\n"
    "end\n",
          conf_autograd_test_inplace_add_on_clone_in, 2,
          conf_autograd_test_inplace_add_on_clone_out, 5, 0)
static const int64_t conf_autograd_test_dependent_backward_in_0_shape[] = {10};
static const double conf_autograd_test_dependent_backward_in_0_data[] = {
    -0.9510889974968889, 0.5436746877735567, -1.319185780765205, -1.3192427217841058,
    0.08293354436751754, 0.027970109778113, -0.6605158633597547, -0.3490078558949736,
    1.8264323046303566, -0.5750725578427047};
static const conf_array conf_autograd_test_dependent_backward_in[] = {
    {1, conf_autograd_test_dependent_backward_in_0_shape,
     conf_autograd_test_dependent_backward_in_0_data}};
static const int64_t conf_autograd_test_dependent_backward_out_0_shape[] = {10};
static const double conf_autograd_test_dependent_backward_out_0_data[] = {
    1.6447325560078363, 0.32140683028613815, 7.010556364019094, 7.012071663276326,
    0.00687829815424428, 0.0007823275198116917, 0.5193235334690969, 0.12361370427555225,
    40.45700993811768, 0.3668773935814466};
static const int64_t conf_autograd_test_dependent_backward_out_1_shape[] = {10};
static const double conf_autograd_test_dependent_backward_out_1_data[] = {
    3.285767277225239, 1.7154383264319153, -6.65227259860638, 19.96078354117452,
    0.16589062851410238, 0.0, 2.075372377647845, -0.546813533240911, -31.399827849292176,
    1.9093907420329952};
static const int64_t conf_autograd_test_dependent_backward_out_2_shape[] = {10};
static const double conf_autograd_test_dependent_backward_out_2_data[] = {
    -0.0, -5.776330634932965, 17.410166110419848, 17.413107508165872, -2.501773994109292, 0.0,
    3.8551193573585643, 2.2922855460999783, -20.9898656315427, 4.950977159272155};
static const conf_array conf_autograd_test_dependent_backward_out[] = {
    {1, conf_autograd_test_dependent_backward_out_0_shape,
     conf_autograd_test_dependent_backward_out_0_data},
    {1, conf_autograd_test_dependent_backward_out_1_shape,
     conf_autograd_test_dependent_backward_out_1_data},
    {1, conf_autograd_test_dependent_backward_out_2_shape,
     conf_autograd_test_dependent_backward_out_2_data}};
CONF_PROG(conf_autograd_test_dependent_backward,
          "test_autograd.py TestAutograd.test_dependent_backward",
          CONF_EAGER,
    "prog conf_autograd_test_dependent_backward\n"
    "in 10\n"
    "v1 = pow_scalar v0 2.0\n"
    "v2 = pow_scalar v1 3.0\n"
    "v3 = add v1 v2\n"
    "out v3\n"
    "end\n",
          conf_autograd_test_dependent_backward_in, 1,
          conf_autograd_test_dependent_backward_out, 3, 0)
static const int64_t conf_autograd_test_backward_copy_in_0_shape[] = {5, 5};
static const double conf_autograd_test_backward_copy_in_0_data[] = {
    -1.2747315615020276, -1.7438029374990942, -0.4805637441038737, 0.21449532750789224,
    -1.0863922106662582, -1.7294319385971855, 1.3438351606799173, -1.7193957023060285,
    0.10624278313371736, -0.6132087685130263, 0.5464760550348079, -0.07316784297734887,
    -1.6792884549447595, 0.2246513224454427, 0.5063757886889565, 1.0800851659066937,
    0.789314372157123, 0.6062611876386843, 0.629473242955984, -0.6562419582423161,
    0.5867724240657954, -0.561329682922877, 0.5923131778189752, -0.8262488993470767,
    1.1347178204599733};
static const int64_t conf_autograd_test_backward_copy_in_1_shape[] = {5, 5};
static const double conf_autograd_test_backward_copy_in_1_data[] = {
    1.15111807590877, -0.4186622941732811, 0.6807042094586242, -0.9701551160139747,
    -0.39692548724891963, 0.05013519579635929, -1.6709751686383056, 1.1148198730215055,
    0.28856845630488126, -0.37269785912639447, 2.365868850513441, 1.3853595846713034,
    -0.6255901183912025, 0.01741552431962286, -1.8025911736261027, 1.3117045142224535,
    -0.3466445433588964, -1.0022908052183463, -0.40155637382519116, -0.13415943765447758,
    -1.3635404489652125, 1.511970381341293, -0.7703095223555844, 0.14534530829362352,
    0.42958067949940976};
static const conf_array conf_autograd_test_backward_copy_in[] = {
    {2, conf_autograd_test_backward_copy_in_0_shape,
     conf_autograd_test_backward_copy_in_0_data},
    {2, conf_autograd_test_backward_copy_in_1_shape,
     conf_autograd_test_backward_copy_in_1_data}};
static const int64_t conf_autograd_test_backward_copy_out_0_shape[] = {5, 5};
static const double conf_autograd_test_backward_copy_out_0_data[] = {
    78.22813419938015, 35.59344112408502, 97.2328042612649, 92.80020416303077, 58.31493155411559,
    44.0516124162338, 119.28381759626598, 62.49248396296063, 110.51791838372937, 74.8150382654084,
    160.799956329912, 123.0634062781823, 34.26916051922773, 109.93420887657864, 88.57272686378079,
    161.02187238260927, 122.94373141624095, 105.57393669100337, 116.5756319054752,
    77.40706297963513, 98.77007478582844, 108.61828726342416, 109.04338616580024, 76.378407663191,
    147.88327744712907};
static const int64_t conf_autograd_test_backward_copy_out_1_shape[] = {5, 5};
static const double conf_autograd_test_backward_copy_out_1_data[] = {
    -17.0, 42.5, 8.5, -25.5, 34.0, 0.0, -34.0, 25.5, -8.5, -42.5, 17.0, -17.0, 42.5, 8.5, -25.5,
    34.0, 0.0, -34.0, 25.5, -8.5, -42.5, 17.0, -17.0, 42.5, 8.5};
static const int64_t conf_autograd_test_backward_copy_out_2_shape[] = {5, 5};
static const double conf_autograd_test_backward_copy_out_2_data[] = {
    -8.5, 21.25, 4.25, -12.75, 17.0, 0.0, -17.0, 12.75, -4.25, -21.25, 8.5, -8.5, 21.25, 4.25,
    -12.75, 17.0, 0.0, -17.0, 12.75, -4.25, -21.25, 8.5, -8.5, 21.25, 4.25};
static const int64_t conf_autograd_test_backward_copy_out_3_shape[] = {5, 5};
static const double conf_autograd_test_backward_copy_out_3_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t conf_autograd_test_backward_copy_out_4_shape[] = {5, 5};
static const double conf_autograd_test_backward_copy_out_4_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const conf_array conf_autograd_test_backward_copy_out[] = {
    {2, conf_autograd_test_backward_copy_out_0_shape,
     conf_autograd_test_backward_copy_out_0_data},
    {2, conf_autograd_test_backward_copy_out_1_shape,
     conf_autograd_test_backward_copy_out_1_data},
    {2, conf_autograd_test_backward_copy_out_2_shape,
     conf_autograd_test_backward_copy_out_2_data},
    {2, conf_autograd_test_backward_copy_out_3_shape,
     conf_autograd_test_backward_copy_out_3_data},
    {2, conf_autograd_test_backward_copy_out_4_shape,
     conf_autograd_test_backward_copy_out_4_data}};
CONF_PROG(conf_autograd_test_backward_copy,
          "test_autograd.py TestAutograd.test_backward_copy",
          CONF_EAGER,
    "prog conf_autograd_test_backward_copy\n"
    "in 5,5\n"
    "in 5,5\n"
    "v2 = add_scalar v0 2.0\n"
    "v3 = add_scalar v1 2.0\n"
    "v4 = add_scalar v0 2.0\n"
    "v5 = add v2 v3\n"
    "v6 = add v5 v4\n"
    "v7 = mul_scalar v2 16.0\n"
    "v8 = mul_scalar v3 16.0\n"
    "v9 = mul_scalar v4 16.0\n"
    "v10 = add v7 v8\n"
    "v11 = add v10 v9\n"
    "v12 = add v6 v11\n"
    "out v12\n"
    "end\n",
          conf_autograd_test_backward_copy_in, 2,
          conf_autograd_test_backward_copy_out, 5, 0)

#endif
