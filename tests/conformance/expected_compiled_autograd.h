/* expected_compiled_autograd.h — written by gen_compiled_autograd.py with torch
   2.15.0+cu132; do not edit. */
/* TestCompiledAutograd cases: inputs per iteration and torch's eager results. */
#ifndef STRATA_CONF_EXPECTED_COMPILED_AUTOGRAD_H
#define STRATA_CONF_EXPECTED_COMPILED_AUTOGRAD_H

#include <math.h>

#include "conf.h"

static const int64_t ca_basic_0_in_0_shape[] = {4, 4};
static const double ca_basic_0_in_0_data[] = {
    -1.915902993556446, 0.30764813444335715, 0.34490486203688764, -0.8612756548078535,
    0.18932213489670582, -0.6605130673325829, 0.35913163039840007, -0.23708198690304016,
    -0.09105673066025118, 0.5850097261224966, 1.693253452934566, -2.082528521836241,
    -2.069319257986997, 0.6259867790049364, -0.1799215036138282, -0.766342649385709};
static const int64_t ca_basic_0_in_1_shape[] = {4};
static const double ca_basic_0_in_1_data[] = {
    0.3951127822451211, 0.4297269670155143, -0.6106536440290222, 0.263827974912903};
static const int64_t ca_basic_0_in_2_shape[] = {4, 4};
static const double ca_basic_0_in_2_data[] = {
    -0.47458495108978943, -0.7469739038347021, 0.34065029277883174, -1.3570189426393997,
    1.6636263243519622, -0.5938798161868373, 0.6549054993197432, 0.6501333701457168,
    0.4837099043992057, -0.5517001353797611, -0.5104697308584453, 0.9725295352286608,
    0.20322494191620719, 0.486038245054267, 0.527838401169054, 1.8246729413758949};
static const int64_t ca_basic_0_in_3_shape[] = {4};
static const double ca_basic_0_in_3_data[] = {
    1.2456236145973216, 0.220276660985398, -0.8475464883845203, -3.026091751525494};
static const int64_t ca_basic_0_in_4_shape[] = {2, 4};
static const double ca_basic_0_in_4_data[] = {
    1.3762719570292727, -0.09444247347832871, -0.4362650855290593, 0.25097964098741143,
    0.40594268331368555, -0.03454061170509626, -0.20092018870071404, 1.0773614050796136};
static const conf_array ca_basic_0_in[] = {
    {2, ca_basic_0_in_0_shape,
     ca_basic_0_in_0_data},
    {1, ca_basic_0_in_1_shape,
     ca_basic_0_in_1_data},
    {2, ca_basic_0_in_2_shape,
     ca_basic_0_in_2_data},
    {1, ca_basic_0_in_3_shape,
     ca_basic_0_in_3_data},
    {2, ca_basic_0_in_4_shape,
     ca_basic_0_in_4_data}};
static const int64_t ca_basic_0_out_0_shape[] = {4, 4};
static const double ca_basic_0_out_0_data[] = {
    0.0, 0.0, 0.0, 0.0, -1.5723489935170623, 0.11685997079851035, 0.5952832164912036,
    -1.6320592900200313, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t ca_basic_0_out_1_shape[] = {4};
static const double ca_basic_0_out_1_data[] = {
    0.0, -2.087827623856241, 0.0, 0.0};
static const int64_t ca_basic_0_out_2_shape[] = {4, 4};
static const double ca_basic_0_out_2_data[] = {
    0.0, 0.7383025069270228, 0.0, 0.0, 0.0, 0.20181565037406796, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0};
static const int64_t ca_basic_0_out_3_shape[] = {4};
static const double ca_basic_0_out_3_data[] = {
    2.0, 1.0, 0.0, 0.0};
static const conf_array ca_basic_0_out[] = {
    {2, ca_basic_0_out_0_shape,
     ca_basic_0_out_0_data},
    {1, ca_basic_0_out_1_shape,
     ca_basic_0_out_1_data},
    {2, ca_basic_0_out_2_shape,
     ca_basic_0_out_2_data},
    {1, ca_basic_0_out_3_shape,
     ca_basic_0_out_3_data}};
static const int64_t ca_cache_hit_0_in_0_shape[] = {4, 4};
static const double ca_cache_hit_0_in_0_data[] = {
    1.2728311763331697, 0.049508606379173786, 0.3803778373269068, -0.349080992252877,
    0.4691110479969575, 0.780539888839977, -0.8629781406271453, -0.6261233259206603,
    0.8278038899657958, 0.6110213750763142, -1.1240547382752626, -0.4103570932086019,
    -1.2544207088709602, 1.5468384026959505, -1.5172956879245878, -1.4467193927735664};
static const int64_t ca_cache_hit_0_in_1_shape[] = {4};
static const double ca_cache_hit_0_in_1_data[] = {
    0.7964499732611645, -2.5035881079725932, -0.40907882427690534, -0.1600904786602988};
static const int64_t ca_cache_hit_0_in_2_shape[] = {4, 4};
static const double ca_cache_hit_0_in_2_data[] = {
    -1.1867714333432062, -0.4791535748571263, -1.1786652376027595, -0.3063913567437886,
    0.9640704756284504, 0.35725779871398633, -2.1970081383910567, 0.8774618880025269,
    0.20235386446068002, -2.1560990002090827, -0.4013396591051432, 1.9999834280191948,
    -0.673947382879738, 0.2248361507543576, -2.0236659831529358, 0.8784198449006391};
static const int64_t ca_cache_hit_0_in_3_shape[] = {4};
static const double ca_cache_hit_0_in_3_data[] = {
    -1.2051633748590593, 1.9669814164324626, 0.11690794028733816, 1.354620308926959};
static const int64_t ca_cache_hit_0_in_4_shape[] = {2, 4};
static const double ca_cache_hit_0_in_4_data[] = {
    0.8985763370712501, -1.5004871583020807, -0.124159689670569, 1.082242833453916,
    -0.5541013045603171, -0.018989853007284455, 3.1800411809055467, -0.7789032441531162};
static const conf_array ca_cache_hit_0_in[] = {
    {2, ca_cache_hit_0_in_0_shape,
     ca_cache_hit_0_in_0_data},
    {1, ca_cache_hit_0_in_1_shape,
     ca_cache_hit_0_in_1_data},
    {2, ca_cache_hit_0_in_2_shape,
     ca_cache_hit_0_in_2_data},
    {1, ca_cache_hit_0_in_3_shape,
     ca_cache_hit_0_in_3_data},
    {2, ca_cache_hit_0_in_4_shape,
     ca_cache_hit_0_in_4_data}};
static const int64_t ca_cache_hit_0_out_0_shape[] = {4, 4};
static const double ca_cache_hit_0_out_0_data[] = {
    0.16964601584559075, -0.7483074150792576, 1.5049512183959022, 0.14938775794000464, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
static const int64_t ca_cache_hit_0_out_1_shape[] = {4};
static const double ca_cache_hit_0_out_1_data[] = {
    0.9849539144187847, 0.0, 0.0, 0.0};
static const int64_t ca_cache_hit_0_out_2_shape[] = {4, 4};
static const double ca_cache_hit_0_out_2_data[] = {
    0.0, 0.0, 0.0, 0.0, 3.012630826056088, 0.0, 0.0, 0.0, 3.012630826056088, 0.0, 0.0, 0.0,
    3.012630826056088, 0.0, 0.0, 0.0};
static const int64_t ca_cache_hit_0_out_3_shape[] = {4};
static const double ca_cache_hit_0_out_3_data[] = {
    0.0, 2.0, 2.0, 2.0};
static const conf_array ca_cache_hit_0_out[] = {
    {2, ca_cache_hit_0_out_0_shape,
     ca_cache_hit_0_out_0_data},
    {1, ca_cache_hit_0_out_1_shape,
     ca_cache_hit_0_out_1_data},
    {2, ca_cache_hit_0_out_2_shape,
     ca_cache_hit_0_out_2_data},
    {1, ca_cache_hit_0_out_3_shape,
     ca_cache_hit_0_out_3_data}};
static const int64_t ca_cache_hit_1_in_0_shape[] = {4, 4};
static const double ca_cache_hit_1_in_0_data[] = {
    0.8773664130239534, 0.2169635039748774, -0.008074126008626397, -0.8296448456783232,
    -1.2222576343358662, 0.541206833789781, 1.350963435366203, 0.0899500987494305,
    0.834666547044384, -0.6994024376195398, -0.043374517559151816, 1.1392498575858825,
    -1.2135221890323513, 0.4025300920356399, 1.0237430007811348, -1.482534032315487};
static const int64_t ca_cache_hit_1_in_1_shape[] = {4};
static const double ca_cache_hit_1_in_1_data[] = {
    -0.38559078745374176, -0.47393211156892906, 0.36668450757111787, -0.13340058346013342};
static const int64_t ca_cache_hit_1_in_2_shape[] = {4, 4};
static const double ca_cache_hit_1_in_2_data[] = {
    1.3931113180005505, -0.2855375952175595, 0.6063282585247447, -0.5959402891024921,
    1.0344662280628474, -0.7322485259679292, -0.13196838392917767, 1.4782317550664654,
    -0.9011296624471441, 0.6752377669306996, 0.6382438077999871, -0.4039291161857873,
    -0.5639485887632092, -0.3549768416863436, -0.14019882372426326, -1.715547646532938};
static const int64_t ca_cache_hit_1_in_3_shape[] = {4};
static const double ca_cache_hit_1_in_3_data[] = {
    0.4610806727824608, 2.232791989996121, -1.0771374718832476, 0.35736674672996754};
static const int64_t ca_cache_hit_1_in_4_shape[] = {2, 4};
static const double ca_cache_hit_1_in_4_data[] = {
    -0.17303539059836437, -0.28075299410836835, 0.4145473485792246, 0.7513823250354633,
    -0.0695146484518571, -0.6061893000966669, -0.4629363374907363, -1.168465231916258};
static const conf_array ca_cache_hit_1_in[] = {
    {2, ca_cache_hit_1_in_0_shape,
     ca_cache_hit_1_in_0_data},
    {1, ca_cache_hit_1_in_1_shape,
     ca_cache_hit_1_in_1_data},
    {2, ca_cache_hit_1_in_2_shape,
     ca_cache_hit_1_in_2_data},
    {1, ca_cache_hit_1_in_3_shape,
     ca_cache_hit_1_in_3_data},
    {2, ca_cache_hit_1_in_4_shape,
     ca_cache_hit_1_in_4_data}};
static const int64_t ca_cache_hit_1_out_0_shape[] = {4, 4};
static const double ca_cache_hit_1_out_0_data[] = {
    -0.16875219970421906, -1.4715715335785555, -1.1238138581493387, -2.836539960355669,
    0.23753657547949547, 0.3854073120273418, -0.5690752464862786, -1.0314698267652087,
    -0.05782168796027595, -0.09381671554651733, 0.13852557763714637, 0.25108270733997395,
    -0.06133218108855926, -0.5348356462339633, -0.40844477985269445, -1.0309269023953294};
static const int64_t ca_cache_hit_1_out_1_shape[] = {4};
static const double ca_cache_hit_1_out_1_data[] = {
    2.427577546063398, -1.3727629628718323, 0.33416105087130377, 0.8822914659639733};
static const int64_t ca_cache_hit_1_out_2_shape[] = {4, 4};
static const double ca_cache_hit_1_out_2_data[] = {
    0.39504740349690215, 0.21324150107587608, 1.2566483995714333, 0.9653091867199134,
    0.39504740349690215, 0.21324150107587608, 1.2566483995714333, 0.9653091867199134, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.21324150107587608, 1.2566483995714333, 0.0};
static const int64_t ca_cache_hit_1_out_3_shape[] = {4};
static const double ca_cache_hit_1_out_3_data[] = {
    2.0, 2.0, 0.0, 1.0};
static const conf_array ca_cache_hit_1_out[] = {
    {2, ca_cache_hit_1_out_0_shape,
     ca_cache_hit_1_out_0_data},
    {1, ca_cache_hit_1_out_1_shape,
     ca_cache_hit_1_out_1_data},
    {2, ca_cache_hit_1_out_2_shape,
     ca_cache_hit_1_out_2_data},
    {1, ca_cache_hit_1_out_3_shape,
     ca_cache_hit_1_out_3_data}};
static const int64_t ca_cache_hit_2_in_0_shape[] = {4, 4};
static const double ca_cache_hit_2_in_0_data[] = {
    0.938861751374642, -1.2753285661224374, 0.899021175703948, -0.3062998684849797,
    -0.07108039656895589, -1.5461940462920507, 1.7804148221841125, -1.6989979553241445,
    -0.7424458333579824, 0.8780174463841169, -1.127172880867255, -1.3023925858179737,
    -0.4190982137567984, -0.34760226812332956, -0.8756009913959228, -0.04729551654969249};
static const int64_t ca_cache_hit_2_in_1_shape[] = {4};
static const double ca_cache_hit_2_in_1_data[] = {
    0.8385704661102336, 1.969802367199225, 0.3562289886305402, -0.33441306261467435};
static const int64_t ca_cache_hit_2_in_2_shape[] = {4, 4};
static const double ca_cache_hit_2_in_2_data[] = {
    0.4687421705218182, -0.9133899115494026, 1.109324352638074, -1.9967228083679807,
    2.3592159295238297, -1.037272028717406, -0.24769021253734683, 1.3099776392626206,
    0.221622429168361, -0.9940538976414272, 0.9730428882756039, -0.2177431629072655,
    -0.682544311060465, 1.2507328988568842, 0.6060474787335938, -0.942061183435671};
static const int64_t ca_cache_hit_2_in_3_shape[] = {4};
static const double ca_cache_hit_2_in_3_data[] = {
    -0.2867695567613797, -0.00664755622072239, 0.3209832768852856, 0.29633631126989096};
static const int64_t ca_cache_hit_2_in_4_shape[] = {2, 4};
static const double ca_cache_hit_2_in_4_data[] = {
    1.6969044771084372, 0.044561046406720116, 0.17814288276824547, -0.04839123689391181,
    0.8458701646591733, 1.6416754109774525, -0.7944508391833627, -1.4466314989133693};
static const conf_array ca_cache_hit_2_in[] = {
    {2, ca_cache_hit_2_in_0_shape,
     ca_cache_hit_2_in_0_data},
    {1, ca_cache_hit_2_in_1_shape,
     ca_cache_hit_2_in_1_data},
    {2, ca_cache_hit_2_in_2_shape,
     ca_cache_hit_2_in_2_data},
    {1, ca_cache_hit_2_in_3_shape,
     ca_cache_hit_2_in_3_data},
    {2, ca_cache_hit_2_in_4_shape,
     ca_cache_hit_2_in_4_data}};
static const int64_t ca_cache_hit_2_out_0_shape[] = {4, 4};
static const double ca_cache_hit_2_out_0_data[] = {
    2.845151576011133, 0.07471424179917652, 0.2986871155687636, -0.0811362134823592,
    -0.19326945963050673, -1.0685941138755528, 0.5597510685805377, 0.9396890530346588,
    2.274049801580183, 4.413504339754768, -2.13581333009668, -3.8891454155840983, 0.0, 0.0, 0.0,
    0.0};
static const int64_t ca_cache_hit_2_out_1_shape[] = {4};
static const double ca_cache_hit_2_out_1_data[] = {
    1.6766716184633648, -0.44325004019446723, 2.688414719647272, 0.0};
static const int64_t ca_cache_hit_2_out_2_shape[] = {4, 4};
static const double ca_cache_hit_2_out_2_data[] = {
    0.0, 0.4147007432346619, 3.9492014411607586, 0.0, 2.5498756533909637, 2.1796705408616597, 0.0,
    0.0, 0.0, 0.4147007432346619, 3.9492014411607586, 0.0, 2.5498756533909637, 2.5943712840963213,
    3.9492014411607586, 0.0};
static const int64_t ca_cache_hit_2_out_3_shape[] = {4};
static const double ca_cache_hit_2_out_3_data[] = {
    1.0, 1.0, 1.0, 2.0};
static const conf_array ca_cache_hit_2_out[] = {
    {2, ca_cache_hit_2_out_0_shape,
     ca_cache_hit_2_out_0_data},
    {1, ca_cache_hit_2_out_1_shape,
     ca_cache_hit_2_out_1_data},
    {2, ca_cache_hit_2_out_2_shape,
     ca_cache_hit_2_out_2_data},
    {1, ca_cache_hit_2_out_3_shape,
     ca_cache_hit_2_out_3_data}};
static const int64_t ca_tensor_grad_hook1_0_in_0_shape[] = {4, 4};
static const double ca_tensor_grad_hook1_0_in_0_data[] = {
    -2.6372175934362665, 0.5600616893616376, -1.1639668767629174, 1.4520500837216785,
    0.2948176113068569, -0.612423608872196, 0.40089259879545946, -1.3498188980566574,
    1.6870991033156277, 0.5462738411578107, 1.2046427505332469, -0.9183263414076831,
    0.7577408753196787, -1.0949178246193385, 0.7520677238184688, -0.46322383088123764};
static const int64_t ca_tensor_grad_hook1_0_in_1_shape[] = {4};
static const double ca_tensor_grad_hook1_0_in_1_data[] = {
    -0.020975699674356228, -0.22026864693677178, -0.30632286693359057, 0.7998114737327753};
static const int64_t ca_tensor_grad_hook1_0_in_2_shape[] = {2, 4};
static const double ca_tensor_grad_hook1_0_in_2_data[] = {
    -1.5654756110446315, -0.28887188801805963, 0.3818514545842077, -2.9992474467476287,
    -1.9181580771668687, -1.0377059756105416, -1.4850170897394799, -1.4680988806546456};
static const conf_array ca_tensor_grad_hook1_0_in[] = {
    {2, ca_tensor_grad_hook1_0_in_0_shape,
     ca_tensor_grad_hook1_0_in_0_data},
    {1, ca_tensor_grad_hook1_0_in_1_shape,
     ca_tensor_grad_hook1_0_in_1_data},
    {2, ca_tensor_grad_hook1_0_in_2_shape,
     ca_tensor_grad_hook1_0_in_2_data}};
static const int64_t ca_tensor_grad_hook1_0_out_0_shape[] = {4, 4};
static const double ca_tensor_grad_hook1_0_out_0_data[] = {
    -3.8363161543337374, -2.075411951221083, -2.9700341794789598, -2.936197761309291,
    -6.967267376423001, -2.6531557272572024, -2.206331270310544, -8.934692654804548,
    -3.130951222089263, -0.5777437760361193, 0.7637029091684154, -5.998494893495257,
    -6.967267376423001, -2.6531557272572024, -2.206331270310544, -8.934692654804548};
static const int64_t ca_tensor_grad_hook1_0_out_1_shape[] = {4};
static const double ca_tensor_grad_hook1_0_out_1_data[] = {
    1.0, 2.0, 1.0, 2.0};
static const conf_array ca_tensor_grad_hook1_0_out[] = {
    {2, ca_tensor_grad_hook1_0_out_0_shape,
     ca_tensor_grad_hook1_0_out_0_data},
    {1, ca_tensor_grad_hook1_0_out_1_shape,
     ca_tensor_grad_hook1_0_out_1_data}};
static const int64_t ca_tensor_grad_hook1_1_in_0_shape[] = {4, 4};
static const double ca_tensor_grad_hook1_1_in_0_data[] = {
    -0.027300407338843466, -0.4260330465182158, -0.10759332974777863, 1.3550613764601873,
    0.41071277760616576, 1.117812599054708, 0.47722520153974435, 1.3505145167791361,
    1.600678209103734, 0.6692176883427778, -1.0824039935416274, 1.7877057672785817,
    0.9788411719019318, -0.44794358798062384, 0.6248941606187288, 0.11172454404980525};
static const int64_t ca_tensor_grad_hook1_1_in_1_shape[] = {4};
static const double ca_tensor_grad_hook1_1_in_1_data[] = {
    -0.15500738354664098, -1.6497529996376663, -1.0076077064498041, -0.7552340195833802};
static const int64_t ca_tensor_grad_hook1_1_in_2_shape[] = {2, 4};
static const double ca_tensor_grad_hook1_1_in_2_data[] = {
    0.21473521393721628, 0.2515149088294852, -0.8806280795480407, -0.3788279846351619,
    0.48457343455790236, -1.5501052375761564, 0.6026157950351824, -0.39415488675311605};
static const conf_array ca_tensor_grad_hook1_1_in[] = {
    {2, ca_tensor_grad_hook1_1_in_0_shape,
     ca_tensor_grad_hook1_1_in_0_data},
    {1, ca_tensor_grad_hook1_1_in_1_shape,
     ca_tensor_grad_hook1_1_in_1_data},
    {2, ca_tensor_grad_hook1_1_in_2_shape,
     ca_tensor_grad_hook1_1_in_2_data}};
static const int64_t ca_tensor_grad_hook1_1_out_0_shape[] = {4, 4};
static const double ca_tensor_grad_hook1_1_out_0_data[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.9691468691158047,
    -3.1002104751523127, 1.2052315900703647, -0.7883097735062321};
static const int64_t ca_tensor_grad_hook1_1_out_1_shape[] = {4};
static const double ca_tensor_grad_hook1_1_out_1_data[] = {
    0.0, 0.0, 0.0, 1.0};
static const conf_array ca_tensor_grad_hook1_1_out[] = {
    {2, ca_tensor_grad_hook1_1_out_0_shape,
     ca_tensor_grad_hook1_1_out_0_data},
    {1, ca_tensor_grad_hook1_1_out_1_shape,
     ca_tensor_grad_hook1_1_out_1_data}};
static const int64_t ca_tensor_grad_hook1_2_in_0_shape[] = {4, 4};
static const double ca_tensor_grad_hook1_2_in_0_data[] = {
    -1.4148040469478804, 0.9470212734966537, -0.1957301625127827, 0.7646592607240202,
    1.3721144774745886, 1.7967947369718036, -0.9841005407052336, -0.9458722430247795,
    0.6000469663334758, -0.5692245983072383, -0.09801574692965065, -1.0147194090189489,
    -2.225030789368413, -2.7235839876233223, 0.7437129146811016, 0.8418495735577743};
static const int64_t ca_tensor_grad_hook1_2_in_1_shape[] = {4};
static const double ca_tensor_grad_hook1_2_in_1_data[] = {
    -0.5250753730480887, 0.20929595531653572, -1.23074206501276, -0.503122554638165};
static const int64_t ca_tensor_grad_hook1_2_in_2_shape[] = {2, 4};
static const double ca_tensor_grad_hook1_2_in_2_data[] = {
    0.5796363904437289, 0.6386604426120039, 0.9507934994813378, 0.10621785031716403,
    0.22913870031965447, -0.5033379718355239, -0.752827924856865, -1.414760004802575};
static const conf_array ca_tensor_grad_hook1_2_in[] = {
    {2, ca_tensor_grad_hook1_2_in_0_shape,
     ca_tensor_grad_hook1_2_in_0_data},
    {1, ca_tensor_grad_hook1_2_in_1_shape,
     ca_tensor_grad_hook1_2_in_1_data},
    {2, ca_tensor_grad_hook1_2_in_2_shape,
     ca_tensor_grad_hook1_2_in_2_data}};
static const int64_t ca_tensor_grad_hook1_2_out_0_shape[] = {4, 4};
static const double ca_tensor_grad_hook1_2_out_0_data[] = {
    0.0, 0.0, 0.0, 0.0, 1.6175501815267668, 0.27064494155296015, 0.3959311492489457,
    -2.617084308970822, 0.45827740063930894, -1.0066759436710477, -1.50565584971373,
    -2.82952000960515, 0.0, 0.0, 0.0, 0.0};
static const int64_t ca_tensor_grad_hook1_2_out_1_shape[] = {4};
static const double ca_tensor_grad_hook1_2_out_1_data[] = {
    0.0, 2.0, 1.0, 0.0};
static const conf_array ca_tensor_grad_hook1_2_out[] = {
    {2, ca_tensor_grad_hook1_2_out_0_shape,
     ca_tensor_grad_hook1_2_out_0_data},
    {1, ca_tensor_grad_hook1_2_out_1_shape,
     ca_tensor_grad_hook1_2_out_1_data}};
static const int64_t ca_tensor_grad_hook2_0_in_0_shape[] = {4, 4};
static const double ca_tensor_grad_hook2_0_in_0_data[] = {
    -0.6913669292408201, 1.2628670887584588, 0.9136694441700877, 0.4932381062653219,
    0.6673207341848675, 0.024994612389652057, 2.4793690194668785, -0.9042918117851138,
    0.42732407520349514, 0.0002652100848427625, -1.4064091674775654, -1.007011698516526,
    0.2304698986783403, -1.842680273515823, -0.022287099884630616, 1.8699656488360803};
static const int64_t ca_tensor_grad_hook2_0_in_1_shape[] = {4};
static const double ca_tensor_grad_hook2_0_in_1_data[] = {
    1.271157814009631, -2.1657409506789556, -1.2604728512656258, 1.919681311499461};
static const int64_t ca_tensor_grad_hook2_0_in_2_shape[] = {1, 4};
static const double ca_tensor_grad_hook2_0_in_2_data[] = {
    0.40435666159858236, 0.8539618214789866, 3.226144323047377, 1.4199484584599429};
static const conf_array ca_tensor_grad_hook2_0_in[] = {
    {2, ca_tensor_grad_hook2_0_in_0_shape,
     ca_tensor_grad_hook2_0_in_0_data},
    {1, ca_tensor_grad_hook2_0_in_1_shape,
     ca_tensor_grad_hook2_0_in_1_data},
    {2, ca_tensor_grad_hook2_0_in_2_shape,
     ca_tensor_grad_hook2_0_in_2_data}};
static const int64_t ca_tensor_grad_hook2_0_out_0_shape[] = {4, 4};
static const double ca_tensor_grad_hook2_0_out_0_data[] = {
    0.8087133231971647, 1.7079236429579732, 6.452288646094754, 2.8398969169198858,
    0.8087133231971647, 1.7079236429579732, 6.452288646094754, 2.8398969169198858, 0.0, 0.0, 0.0,
    0.0, 0.8087133231971647, 1.7079236429579732, 6.452288646094754, 2.8398969169198858};
static const int64_t ca_tensor_grad_hook2_0_out_1_shape[] = {4};
static const double ca_tensor_grad_hook2_0_out_1_data[] = {
    2.0, 2.0, 0.0, 2.0};
static const conf_array ca_tensor_grad_hook2_0_out[] = {
    {2, ca_tensor_grad_hook2_0_out_0_shape,
     ca_tensor_grad_hook2_0_out_0_data},
    {1, ca_tensor_grad_hook2_0_out_1_shape,
     ca_tensor_grad_hook2_0_out_1_data}};
static const int64_t ca_tensor_grad_hook2_1_in_0_shape[] = {4, 4};
static const double ca_tensor_grad_hook2_1_in_0_data[] = {
    0.13824045586080883, -0.540910475492682, -0.2199569355748131, -1.8694546368732867,
    0.7553450658987387, -0.28522990264898945, 1.1409418391426671, 0.8727157179138223,
    -0.7626311699116471, 0.02589601703798248, 0.10100474667313626, -2.5608392608697454,
    -0.7819401476622861, -0.5064355269845989, -0.76146303209993, -0.4681938913953792};
static const int64_t ca_tensor_grad_hook2_1_in_1_shape[] = {4};
static const double ca_tensor_grad_hook2_1_in_1_data[] = {
    0.3595103246293091, -0.1478858063501828, 0.638664439638995, 0.4720541647381142};
static const int64_t ca_tensor_grad_hook2_1_in_2_shape[] = {1, 4};
static const double ca_tensor_grad_hook2_1_in_2_data[] = {
    0.17453911411863746, 0.19334211415863842, 1.2516254801723088, -2.340104198836632};
static const conf_array ca_tensor_grad_hook2_1_in[] = {
    {2, ca_tensor_grad_hook2_1_in_0_shape,
     ca_tensor_grad_hook2_1_in_0_data},
    {1, ca_tensor_grad_hook2_1_in_1_shape,
     ca_tensor_grad_hook2_1_in_1_data},
    {2, ca_tensor_grad_hook2_1_in_2_shape,
     ca_tensor_grad_hook2_1_in_2_data}};
static const int64_t ca_tensor_grad_hook2_1_out_0_shape[] = {4, 4};
static const double ca_tensor_grad_hook2_1_out_0_data[] = {
    0.3490782282372749, 0.38668422831727683, 2.5032509603446176, -4.680208397673264, 0.0, 0.0,
    0.0, -0.0, 0.3490782282372749, 0.38668422831727683, 2.5032509603446176, -4.680208397673264,
    0.3490782282372749, 0.38668422831727683, 2.5032509603446176, -4.680208397673264};
static const int64_t ca_tensor_grad_hook2_1_out_1_shape[] = {4};
static const double ca_tensor_grad_hook2_1_out_1_data[] = {
    2.0, 0.0, 2.0, 2.0};
static const conf_array ca_tensor_grad_hook2_1_out[] = {
    {2, ca_tensor_grad_hook2_1_out_0_shape,
     ca_tensor_grad_hook2_1_out_0_data},
    {1, ca_tensor_grad_hook2_1_out_1_shape,
     ca_tensor_grad_hook2_1_out_1_data}};
static const int64_t ca_tensor_grad_hook2_2_in_0_shape[] = {4, 4};
static const double ca_tensor_grad_hook2_2_in_0_data[] = {
    -0.7898673000284196, -1.1560110609584688, -0.9480865039417643, -2.1659072984162804,
    -0.2571609611396872, -0.498111962392099, -0.2034221927603249, -0.4321521840433895,
    2.2420964770378435, 0.2804704438318747, 2.1349572781688777, -0.6119462132438831,
    0.15868626573515401, -0.4760274453464549, -0.608143135978043, -2.297182603649732};
static const int64_t ca_tensor_grad_hook2_2_in_1_shape[] = {4};
static const double ca_tensor_grad_hook2_2_in_1_data[] = {
    1.0077569061588376, -0.03905215173570399, -1.7740303631884058, -0.4656059554093967};
static const int64_t ca_tensor_grad_hook2_2_in_2_shape[] = {1, 4};
static const double ca_tensor_grad_hook2_2_in_2_data[] = {
    0.0688565539369113, -1.8059129161950263, -0.32379840437880236, 1.0886530543718025};
static const conf_array ca_tensor_grad_hook2_2_in[] = {
    {2, ca_tensor_grad_hook2_2_in_0_shape,
     ca_tensor_grad_hook2_2_in_0_data},
    {1, ca_tensor_grad_hook2_2_in_1_shape,
     ca_tensor_grad_hook2_2_in_1_data},
    {2, ca_tensor_grad_hook2_2_in_2_shape,
     ca_tensor_grad_hook2_2_in_2_data}};
static const int64_t ca_tensor_grad_hook2_2_out_0_shape[] = {4, 4};
static const double ca_tensor_grad_hook2_2_out_0_data[] = {
    0.1377131078738226, -3.6118258323900525, -0.6475968087576047, 2.177306108743605,
    0.1377131078738226, -3.6118258323900525, -0.6475968087576047, 2.177306108743605, 0.0, -0.0,
    -0.0, 0.0, 0.0, -0.0, -0.0, 0.0};
static const int64_t ca_tensor_grad_hook2_2_out_1_shape[] = {4};
static const double ca_tensor_grad_hook2_2_out_1_data[] = {
    2.0, 2.0, 0.0, 0.0};
static const conf_array ca_tensor_grad_hook2_2_out[] = {
    {2, ca_tensor_grad_hook2_2_out_0_shape,
     ca_tensor_grad_hook2_2_out_0_data},
    {1, ca_tensor_grad_hook2_2_out_1_shape,
     ca_tensor_grad_hook2_2_out_1_data}};
static const int64_t ca_implicit_add_y_shape[] = {1, 4};
static const double ca_implicit_add_y_data[] = {
    0.020590416763264965, 1.2826828262047376, -1.5298853077883627, -1.0691951405966318};
static const conf_array ca_implicit_add_y = {
    2, ca_implicit_add_y_shape,
    ca_implicit_add_y_data};
static const int64_t ca_implicit_add_x_0_shape[] = {1, 4};
static const double ca_implicit_add_x_0_data[] = {
    -0.289859300698338, -0.6679489009126628, -1.2698686271995632, 1.6362171916030839};
static const int64_t ca_implicit_add_x_1_shape[] = {1, 4};
static const double ca_implicit_add_x_1_data[] = {
    1.4039607770688394, -0.612110594266203, -1.8333408406270626, -0.8465289380341203};
static const int64_t ca_implicit_add_x_2_shape[] = {1, 4};
static const double ca_implicit_add_x_2_data[] = {
    0.15941369707820197, -0.8830417413561781, 0.516277604003184, -0.3565438073320727};
static const conf_array ca_implicit_add_x[] = {
    {2, ca_implicit_add_x_0_shape,
     ca_implicit_add_x_0_data},
    {2, ca_implicit_add_x_1_shape,
     ca_implicit_add_x_1_data},
    {2, ca_implicit_add_x_2_shape,
     ca_implicit_add_x_2_data}};
static const int64_t ca_implicit_add_out_0_shape[] = {0};
static const double ca_implicit_add_out_0_data[] = {
    2.1619979909930866};
static const int64_t ca_implicit_add_out_1_shape[] = {1, 4};
static const double ca_implicit_add_out_1_data[] = {
    0.13462749659272696, -0.3234383651691427, -0.04550540962265856, 0.28078043207310477};
static const int64_t ca_implicit_add_out_2_shape[] = {0};
static const double ca_implicit_add_out_2_data[] = {
    2.8414458794947635};
static const int64_t ca_implicit_add_out_3_shape[] = {1, 4};
static const double ca_implicit_add_out_3_data[] = {
    0.4577896233364979, -0.30540516854961597, -0.09337493951180854, 0.11984354699179642};
static const int64_t ca_implicit_add_out_4_shape[] = {0};
static const double ca_implicit_add_out_4_data[] = {
    1.9078163939655477};
static const int64_t ca_implicit_add_out_5_shape[] = {1, 4};
static const double ca_implicit_add_out_5_data[] = {
    0.22140630273972073, -0.38823859905803215, 0.19656137124113346, 0.2502613724049422};
static const conf_array ca_implicit_add_out[] = {
    {0, ca_implicit_add_out_0_shape,
     ca_implicit_add_out_0_data},
    {2, ca_implicit_add_out_1_shape,
     ca_implicit_add_out_1_data},
    {0, ca_implicit_add_out_2_shape,
     ca_implicit_add_out_2_data},
    {2, ca_implicit_add_out_3_shape,
     ca_implicit_add_out_3_data},
    {0, ca_implicit_add_out_4_shape,
     ca_implicit_add_out_4_data},
    {2, ca_implicit_add_out_5_shape,
     ca_implicit_add_out_5_data}};
static const int64_t ca_yz_leaves_0_shape[] = {1, 4};
static const double ca_yz_leaves_0_data[] = {
    -0.23530039840481382, -0.1077740413009898, 1.5595045611637512, 0.6145686635957246};
static const int64_t ca_yz_leaves_1_shape[] = {1, 4};
static const double ca_yz_leaves_1_data[] = {
    -1.0432164310467251, -0.7600212147592902, 0.11618585272474802, 0.7624346235863176};
static const conf_array ca_yz_leaves[] = {
    {2, ca_yz_leaves_0_shape,
     ca_yz_leaves_0_data},
    {2, ca_yz_leaves_1_shape,
     ca_yz_leaves_1_data}};
static const int64_t ca_yz_x_0_shape[] = {1, 4};
static const double ca_yz_x_0_data[] = {
    -0.3144108310868803, 0.5362163301249753, -0.6011672321020365, 0.6117662533500468};
static const int64_t ca_yz_x_1_shape[] = {1, 4};
static const double ca_yz_x_1_data[] = {
    -0.5941839599253351, -0.4446183179239172, 0.20464803654486327, 1.5065062137399805};
static const int64_t ca_yz_x_2_shape[] = {1, 4};
static const double ca_yz_x_2_data[] = {
    0.6359632481471134, 0.7227594315116234, 0.34362122897046776, 0.9313439656375585};
static const conf_array ca_yz_x[] = {
    {2, ca_yz_x_0_shape,
     ca_yz_x_0_data},
    {2, ca_yz_x_1_shape,
     ca_yz_x_1_data},
    {2, ca_yz_x_2_shape,
     ca_yz_x_2_data}};
static const int64_t ca_yz_out_0_shape[] = {1, 4};
static const double ca_yz_out_0_data[] = {
    0.2295697112878194, 0.260220711895227, -0.1995807676049742, 0.02802121795828541};
static const int64_t ca_yz_out_1_shape[] = {1, 4};
static const double ca_yz_out_1_data[] = {
    -0.05987096296943451, 0.1266465918300021, -0.12135948824546498, 0.07130320178454178};
static const int64_t ca_yz_out_2_shape[] = {1, 4};
static const double ca_yz_out_2_data[] = {
    0.19603425337288163, 0.19340958333091549, -0.19121446402847372, 0.016258822968409102};
static const int64_t ca_yz_out_3_shape[] = {1, 4};
static const double ca_yz_out_3_data[] = {
    -0.0966177775821134, -0.07805072671016045, 0.03958111919416562, 0.10188178297863323};
static const int64_t ca_yz_out_4_shape[] = {1, 4};
static const double ca_yz_out_4_data[] = {
    0.3009616484776451, 0.2677518652643586, -0.189741614672928, 0.023299326650045256};
static const int64_t ca_yz_out_5_shape[] = {1, 4};
static const double ca_yz_out_5_data[] = {
    0.15876228197836204, 0.17564584589538712, 0.06594810582896656, 0.09025888873766576};
static const conf_array ca_yz_out[] = {
    {2, ca_yz_out_0_shape,
     ca_yz_out_0_data},
    {2, ca_yz_out_1_shape,
     ca_yz_out_1_data},
    {2, ca_yz_out_2_shape,
     ca_yz_out_2_data},
    {2, ca_yz_out_3_shape,
     ca_yz_out_3_data},
    {2, ca_yz_out_4_shape,
     ca_yz_out_4_data},
    {2, ca_yz_out_5_shape,
     ca_yz_out_5_data}};
static const int64_t ca_some_leaves_leaves_0_shape[] = {1, 4};
static const double ca_some_leaves_leaves_0_data[] = {
    -0.9413220820564577, -1.0679304235623277, -1.036559203563635, -0.7262374488633903};
static const int64_t ca_some_leaves_leaves_1_shape[] = {1, 4};
static const double ca_some_leaves_leaves_1_data[] = {
    -0.2697327015681212, 1.648059742253819, -0.1584311948977047, -0.20412050923868671};
static const int64_t ca_some_leaves_leaves_2_shape[] = {1, 4};
static const double ca_some_leaves_leaves_2_data[] = {
    1.6394714871413822, 2.109985316825151, 2.134548149874174, -0.4463501343999198};
static const conf_array ca_some_leaves_leaves[] = {
    {2, ca_some_leaves_leaves_0_shape,
     ca_some_leaves_leaves_0_data},
    {2, ca_some_leaves_leaves_1_shape,
     ca_some_leaves_leaves_1_data},
    {2, ca_some_leaves_leaves_2_shape,
     ca_some_leaves_leaves_2_data}};
static const int64_t ca_some_leaves_x_0_shape[] = {1, 4};
static const double ca_some_leaves_x_0_data[] = {
    1.682310835748027, -0.6096631502893914, -1.019122387682861, 0.877444689706148};
static const int64_t ca_some_leaves_x_1_shape[] = {1, 4};
static const double ca_some_leaves_x_1_data[] = {
    1.2106980487487464, 0.35354729116038863, 0.826810375639014, 0.47510144852319575};
static const int64_t ca_some_leaves_x_2_shape[] = {1, 4};
static const double ca_some_leaves_x_2_data[] = {
    -0.38206717430941256, -0.8957309988538589, 0.4516270420106274, 0.7165007841544231};
static const conf_array ca_some_leaves_x[] = {
    {2, ca_some_leaves_x_0_shape,
     ca_some_leaves_x_0_data},
    {2, ca_some_leaves_x_1_shape,
     ca_some_leaves_x_1_data},
    {2, ca_some_leaves_x_2_shape,
     ca_some_leaves_x_2_data}};
static const int64_t ca_some_leaves_out_0_shape[] = {1, 4};
static const double ca_some_leaves_out_0_data[] = {
    -0.23157808630059806, -0.13374950024299218, -0.2574004199323999, -0.18056555842467975};
static const int64_t ca_some_leaves_out_1_shape[] = {1, 4};
static const double ca_some_leaves_out_1_data[] = {
    -0.16492682516966936, -0.18079947953330094, 0.08346980704970114, 0.019968992452808386};
static const int64_t ca_some_leaves_out_2_shape[] = {1, 4};
static const double ca_some_leaves_out_2_data[] = {
    -0.5755670764171924, 0.11715671453378046, 0.5461133886726873, 0.07104739347059823};
static const int64_t ca_some_leaves_out_3_shape[] = {1, 4};
static const double ca_some_leaves_out_3_data[] = {
    -0.23157808630059806, -0.13374950024299218, -0.2574004199323999, -0.18056555842467975};
static const int64_t ca_some_leaves_out_4_shape[] = {1, 4};
static const double ca_some_leaves_out_4_data[] = {
    -0.12569653210912024, 0.20537919890879625, -0.06845479045229974, 0.010818857131976953};
static const int64_t ca_some_leaves_out_5_shape[] = {1, 4};
static const double ca_some_leaves_out_5_data[] = {
    -0.4386599052482757, -0.13308418940057032, -0.4478754522880857, 0.038492257502438655};
static const int64_t ca_some_leaves_out_6_shape[] = {1, 4};
static const double ca_some_leaves_out_6_data[] = {
    -0.23157808630059806, -0.13374950024299218, -0.2574004199323999, -0.18056555842467975};
static const int64_t ca_some_leaves_out_7_shape[] = {1, 4};
static const double ca_some_leaves_out_7_data[] = {
    0.04197336125995412, -0.10426613372078025, -0.03794444496043336, 0.01631078963844154};
static const int64_t ca_some_leaves_out_8_shape[] = {1, 4};
static const double ca_some_leaves_out_8_data[] = {
    0.14648002108172076, 0.06756367714884101, -0.2482570662504093, 0.05803192584689151};
static const conf_array ca_some_leaves_out[] = {
    {2, ca_some_leaves_out_0_shape,
     ca_some_leaves_out_0_data},
    {2, ca_some_leaves_out_1_shape,
     ca_some_leaves_out_1_data},
    {2, ca_some_leaves_out_2_shape,
     ca_some_leaves_out_2_data},
    {2, ca_some_leaves_out_3_shape,
     ca_some_leaves_out_3_data},
    {2, ca_some_leaves_out_4_shape,
     ca_some_leaves_out_4_data},
    {2, ca_some_leaves_out_5_shape,
     ca_some_leaves_out_5_data},
    {2, ca_some_leaves_out_6_shape,
     ca_some_leaves_out_6_data},
    {2, ca_some_leaves_out_7_shape,
     ca_some_leaves_out_7_data},
    {2, ca_some_leaves_out_8_shape,
     ca_some_leaves_out_8_data}};
static const int64_t ca_different_leaves_in_0_shape[] = {5};
static const double ca_different_leaves_in_0_data[] = {
    1.1083755980446803, 0.8638496114372795, -1.1825817117650983, 0.9132292999874423,
    0.03445730136414581};
static const int64_t ca_different_leaves_in_1_shape[] = {5};
static const double ca_different_leaves_in_1_data[] = {
    -0.8207714992222458, -0.45391611767975537, 1.0066653088583153, -1.13573156654643,
    1.3052524818821};
static const int64_t ca_different_leaves_in_2_shape[] = {5};
static const double ca_different_leaves_in_2_data[] = {
    0.6636977115742286, -0.6270262137790547, 0.6856569226101517, 1.243655797124512,
    0.28015045245032083};
static const conf_array ca_different_leaves_in[] = {
    {1, ca_different_leaves_in_0_shape,
     ca_different_leaves_in_0_data},
    {1, ca_different_leaves_in_1_shape,
     ca_different_leaves_in_1_data},
    {1, ca_different_leaves_in_2_shape,
     ca_different_leaves_in_2_data}};
static const int64_t ca_different_leaves_out_0_shape[] = {5};
static const double ca_different_leaves_out_0_data[] = {
    -0.5447441657591533, 0.28461730464202484, 0.6902270377701903, -1.4124591467127712,
    0.36566707336117454};
static const int64_t ca_different_leaves_out_1_shape[] = {5};
static const double ca_different_leaves_out_1_data[] = {
    0.7356263479869715, -0.5416563511340249, -0.8108453372239026, 1.1357429130333425,
    0.009653228567382507};
static const conf_array ca_different_leaves_out[] = {
    {1, ca_different_leaves_out_0_shape,
     ca_different_leaves_out_0_data},
    {1, ca_different_leaves_out_1_shape,
     ca_different_leaves_out_1_data}};
static const int64_t ca_dynamic_shapes_params_0_shape[] = {4, 4};
static const double ca_dynamic_shapes_params_0_data[] = {
    0.5905909536890108, -1.6396287076788145, 1.3557533630631633, -1.389597508217222,
    -1.1963086975000932, -0.9371793357494747, -0.6455119184554302, -1.1344431612979988,
    0.5556928051597961, -1.004505410568771, 0.21647708371937568, 0.17848798429638071,
    0.5617601613384828, 0.8190677749599862, -0.9573596007569499, 0.10986107486029455};
static const int64_t ca_dynamic_shapes_params_1_shape[] = {4};
static const double ca_dynamic_shapes_params_1_data[] = {
    0.3818461017234558, 1.517701502936236, 2.031654983803462, 1.5481447881407788};
static const int64_t ca_dynamic_shapes_params_2_shape[] = {4, 4};
static const double ca_dynamic_shapes_params_2_data[] = {
    -0.9325945817577026, 1.0842646333338668, 0.07207486244726889, 0.5784272926204674,
    0.8254929515345832, 0.24004415673225576, 0.9757226992561515, 0.27640086632736566,
    -0.6570161951581359, -1.351304637975681, -2.1618655478191386, -1.7272802122436097,
    1.764946606780118, 0.3136313659811528, -0.04888588800516052, 0.9243952070847372};
static const int64_t ca_dynamic_shapes_params_3_shape[] = {4};
static const double ca_dynamic_shapes_params_3_data[] = {
    0.46241731001915537, -0.9977767490973166, -1.0440773198076898, 0.7389933916595378};
static const conf_array ca_dynamic_shapes_params[] = {
    {2, ca_dynamic_shapes_params_0_shape,
     ca_dynamic_shapes_params_0_data},
    {1, ca_dynamic_shapes_params_1_shape,
     ca_dynamic_shapes_params_1_data},
    {2, ca_dynamic_shapes_params_2_shape,
     ca_dynamic_shapes_params_2_data},
    {1, ca_dynamic_shapes_params_3_shape,
     ca_dynamic_shapes_params_3_data}};
static const int64_t ca_dynamic_shapes_x_0_shape[] = {10, 4};
static const double ca_dynamic_shapes_x_0_data[] = {
    0.41816162751127967, 0.37090212050315235, -0.05347736858974179, 1.0124267225062848,
    0.36815711057942674, 0.0006808656219552102, 2.36124575751324, 1.7018753996266358,
    0.7865959937906191, 0.8798243883981435, 0.6038886188381878, 0.53583167362581,
    -1.7080783161600264, -1.704999240601551, -0.4723287763092547, 0.9718161400327998,
    -0.001985944901152327, -0.9084207307252974, -1.0188416762135086, -0.02810881540370669,
    -0.8301722176776751, 0.2934610138506748, 1.1193880276126744, -0.2841490062963693,
    -1.515988063895889, 0.05048160291928098, 0.27995949246103513, -0.208846077880052,
    -2.0681862725083904, 1.3069800268074696, 1.573978563329028, -0.01621330798577099,
    0.4942709792300225, -1.7004417548507091, 0.18892490693959402, 0.6706615643975299,
    0.502855919948593, -0.7847083538527725, -0.5370065461119029, 0.3544233271494488};
static const int64_t ca_dynamic_shapes_x_1_shape[] = {20, 4};
static const double ca_dynamic_shapes_x_1_data[] = {
    -0.11486960217756395, 1.141620931441802, -0.34373861271713785, 0.41289058538276313,
    -1.711866461146176, 0.369575667514128, -2.0656551302273307, 1.905297839061716,
    0.5675407014922744, -0.16542442422806639, 1.1317508161926364, -0.6916211992590068,
    0.35948657697719383, -0.7742137114291816, -0.5039012430671865, 1.49113110618804,
    -0.9556133553365412, 0.6159122216552535, 2.1882609764586647, 0.6395914447775382,
    0.310054900004152, -0.853440176811684, -0.7431673165730519, 0.2020071681115272,
    -0.18552283432501276, -0.7678987916650707, 0.3055854443164531, 0.22633430040863672,
    0.8794168570874062, 1.3345579640850107, -1.4900981459888467, 0.2645560146715372,
    0.3584227077396318, -0.4273111169155719, 0.4114204781978718, 0.21382375249500146,
    -0.33038263479758906, 0.6361085532052873, -0.5171368874521148, 1.2491094203452402,
    -0.12471455413577498, 0.2897450099067141, -0.633948454391132, -0.8077960243192129,
    1.2252178623150158, 0.5632642023787657, 0.37050286856866566, -0.18738383375471027,
    -0.118571824651803, 0.26139006932252984, 0.3791522898002293, -0.8215459410744184,
    0.21471194582725636, 1.1822170886402392, 0.8202985848106094, 1.0431086931786044,
    0.44857567601520926, -0.5827714865384399, -1.979818167967386, 0.7370650431014217,
    -0.5898890411847093, -2.1398288249951327, 0.7107476151982546, 2.456586029969187,
    -1.8887104182873808, 0.2659341942195892, -1.4432978745373692, -0.2096890897704812,
    2.368082303925411, -1.545439384836484, -0.5445051441848112, 0.12421649975247027,
    1.1756963086295702, -0.6087989464765263, 0.5399028429477295, 0.41860398738003907,
    -1.6844595628314258, -0.19280826481354887, -0.29361814477980636, -0.6120766604042818};
static const int64_t ca_dynamic_shapes_x_2_shape[] = {30, 4};
static const double ca_dynamic_shapes_x_2_data[] = {
    1.5283477421871399, 0.9517566755726103, -1.2090549305253817, 0.21910908452235694,
    0.41003036539043997, -0.14736889018190844, 0.004916243818180935, -0.7473620472202774,
    -0.6633826397302135, 0.42543097985275125, -1.1200412099043537, -1.765983310086448,
    0.6559121678706973, 1.5618421072136626, -1.2072306202041225, 0.420185896745968,
    -1.8729530519867443, -0.15318272397198995, -0.1261585435179001, 0.6993960224931022,
    -1.292025135741992, 1.3348814709422283, 0.16280459501158132, 0.649277957311882,
    -0.8864810340242635, 0.38579688981554927, 0.7511873471267544, 0.6492884144381321,
    -0.20074117267592437, 0.4969535349479722, -1.7542444603202216, 0.06140358528848188,
    -0.8814919068987372, 0.5572067651913258, 0.5844241264383649, 0.7751418071912927,
    0.5299039743994439, -0.8761921115278012, -1.4282258246620716, 0.07546112992734012,
    0.5167727800886769, -0.33712590731335385, -0.943467772538358, 1.8379323681319866,
    -0.1818125322474183, -0.8279566700714829, 0.4785834790756318, -0.5865301939678066,
    1.8459616132178078, -1.2752707490577884, 0.8110532291978942, -0.1469806021983625,
    0.10727769648801465, -1.0547397804074368, 0.09003167985984706, -0.26478985449159925,
    -0.34654101869165255, -1.7451438088540496, 0.6962917283921987, -0.231816418353475,
    0.04398985403254001, 0.1935211772997863, 0.36188456087433296, 1.3666817053875417,
    -0.35383431085905814, 0.8746300320938679, 0.4890683314283354, -1.3549109450909744,
    -0.20407025724446262, -1.8382154456954392, -0.7947464933363239, 1.9386017404219749,
    0.811854051031561, 0.002875294146482543, 1.088955419390637, 0.9131492173369447,
    0.187449717413472, -0.13283513827817267, -0.8123926786974565, -0.2963844601271785,
    -2.2256703923457737, -0.9987218579060066, 0.5574964556430939, -2.0056054998865425,
    -0.879278741621811, -2.049238133961006, 0.7980586826838405, 0.8153077715251252,
    -0.8327389636803437, -0.49593974613564584, -1.5963130038457942, -0.07854945126473813,
    0.48335639477684766, -0.2960875387321273, -0.9968470269824016, 0.13590388515373025,
    0.5526514836710251, 1.5833935754064206, 0.22164082340896146, 0.21953206557908672,
    -0.9003794727174496, 1.335593837710344, -1.1714573919364613, 0.6648262117903176,
    -0.13672700632933982, 0.18911898875560615, -0.36336836899780295, -0.05685117345009695,
    -0.0672220649385182, 1.730876539359837, -0.9372640397956568, -0.45033711481498023,
    0.5679512983776387, 2.112011171366372, -0.04811838292854981, -1.440322086268881,
    -0.23240974091544953, -0.05556488638089331, 0.05473451459506302, -1.4419982201264936};
static const int64_t ca_dynamic_shapes_x_3_shape[] = {40, 4};
static const double ca_dynamic_shapes_x_3_data[] = {
    -0.6548228308974446, -0.41063075871515037, -0.13550507822444716, -0.515539312526283,
    1.126368723196195, -0.8481214446432233, 0.673354012610118, -0.34320125442106325,
    -0.6262651738150555, -0.4879734388359657, -2.347122432238881, -0.5777091430187712,
    -1.0746227467390514, -0.4739796325205702, -0.017172223150149293, -0.2406502429142705,
    1.1382001678475366, 0.8401202927983947, -0.005693865487844897, -1.117484318364273,
    -0.902499041394417, 1.980788520658601, 0.7299854127140596, -0.823520173645753,
    -0.8845039121893444, -0.7597282363889046, 1.0460998575217313, -1.1057444773537501,
    0.12043631565583039, 1.0637212180395121, -0.08660442232229267, -1.1104084645871124,
    1.350072165802724, -1.1777426241521958, -1.8763278432466863, -1.056291059824479,
    0.922947593065933, -0.4291474350324512, -0.6495056712295679, -1.6131567614374578,
    -0.13848057894102309, -0.4636612303436579, -0.28451140266199654, 0.5745558178351147,
    -1.017806274238879, -0.821493404277077, -0.8949765290300837, -0.4310580353151334,
    -0.3151644309286684, 0.3647151869062478, -0.05158691257696899, -1.4936644105335901,
    -0.8245476403731347, -1.730839742742924, -0.8632274675739051, 0.8350576875015012,
    1.315199276688385, 1.4053798842242549, -0.6293105306640067, -0.7229848570765323,
    0.27104415200213844, 0.6921826785675187, 0.8851005109006471, 0.608767984411712,
    -0.0662783415360061, 2.597622809629319, -0.4075726048328838, -1.4392267411547401,
    -1.3842265809857845, 1.63046012638709, -1.1233102650963838, -2.492018138789533,
    1.2219107572055132, -1.138854725425057, 0.6311686026962822, 0.46119338603804694,
    2.840505551166697, 0.9112223789802562, 1.119857517807886, 1.017908964951273,
    -0.23318326509585166, 0.6566971088118276, 0.2996024054931577, -1.5140139475674808,
    -0.733251744677759, 0.749309807572986, 1.1593195106457526, -0.3408434312740391,
    -0.10416233034221829, 0.41081914368757366, 0.4467826538508924, -1.5192117125082485,
    -1.4697678347009617, 1.3529499151841018, 1.2362913474526904, 0.2096343726510201,
    -0.4573284152266216, -0.7850965861898151, 0.5990896262953791, -0.6634321244733099,
    -1.7983943184025937, 0.06189681931415687, 1.737585769020895, -1.4147487215349628,
    0.558183211430989, 0.5256600331069197, 0.42676542414723384, 0.2525976683167755,
    0.1212504452814577, 0.8532739398070762, 0.9409633074376242, -1.3431497044968514,
    -0.10891525648448859, 0.8068098741757719, -1.0624874099981119, 0.6442880704798758,
    1.0777039662033492, -1.5667108729089496, -0.3832415783227453, 2.4267007532344835,
    -1.1167886749028668, -1.2955060568306052, 0.9551255336267359, -0.3790590276130911,
    2.5192308512543677, 0.5481342444270092, 2.711213581770363, -1.121320942161787,
    -0.5031319929591994, -2.1665479949434188, 2.4423599575250643, 0.411560507531746,
    1.4314919989337025, -0.4860675943642761, -0.29373319486709976, 1.1128143615916288,
    -0.15622325713970742, 1.934366767523207, 0.21423949863516106, -0.10732989497422202,
    1.2352840354752548, -0.376643460696526, -1.981819576516026, -0.47803781121462635,
    -0.8661328697483549, -1.3076893048850333, 1.7755678523539313, -2.046650761820562,
    -1.1112895563484322, -0.46440390077862953, 1.196637107369293, 1.7345706328234396,
    -0.9119634183401047, -0.35302233900617114, -0.0027039440727594597, -0.9602989924730687,
    -0.29896530972458174, 0.015858629298130946, -0.9800307685131602, -1.1880831987730014};
static const int64_t ca_dynamic_shapes_x_4_shape[] = {50, 4};
static const double ca_dynamic_shapes_x_4_data[] = {
    -0.6747142814625787, 0.12980623800634575, 0.4446973205968853, 0.34956276559131805,
    0.7535469472634561, -0.5694460413394673, -0.5241513005478057, -0.5249688370647281,
    0.08621586011144847, 1.1685626631044608, 0.26109377035739084, -0.2028379324481769,
    -0.9650860203490238, -0.504671649036057, -0.08225279477212363, 0.2080473490412282,
    0.7830647444714731, 0.32905658878065974, 1.2152945574694396, -0.77332354438598,
    0.07959593101514638, 1.242133038436012, -1.0081058435489731, -1.5965306770080732,
    0.9447572499471204, -1.689032202476628, -1.3355372168982027, -0.05917978347338682,
    0.9329680105894365, 0.01638190246012606, -0.3262609858276912, 0.41906188931658794,
    -0.016368641806917352, 0.04630983736334746, 0.05643250941697937, 1.8438501059262504,
    0.3835885909463276, 2.5181468260715993, -1.8162678541821495, -0.8969679346548938,
    1.3832039376650147, 0.5115454598322174, 0.5659679455235858, -2.2477816422645054,
    -0.026781854704545742, 0.2444985222323158, -0.0010406687320380522, 0.5689320299054279,
    -0.9887922024515744, 1.5584006968894342, 0.5106194882849048, -0.24704801487240485,
    0.1755843745025359, -0.11565857259601983, -0.6288798066747133, 0.28794621608480686,
    0.022575143438662702, -1.5591413432445063, 2.1838192814199986, -1.72503357173682,
    1.3237861423383834, 0.29338874238460605, 0.6743424517677581, 1.1481497220386436,
    2.960144185694475, 1.4029584650346347, 1.3067271682292596, 0.7849010187363049,
    -0.41007901216208636, 0.7921943285384148, -0.45858726359495827, -1.2723433018953767,
    0.11756509106341008, 0.5551548076986091, -0.022997349383551684, -1.545470031574981,
    -0.9457398612535826, -0.9778972706865424, -1.519614548300198, -0.2002653690066564,
    -1.1547717355648388, 1.1738307888180899, 0.5020456769521872, -1.5482465128011547,
    1.6022259675171364, 0.5479039453105896, 1.4538506300414675, 0.09692677714239765,
    -0.6456191071382353, -0.43857347440143535, 0.7809166432571093, 0.1675054751970864,
    -0.03349639575898732, 1.2069281712730124, -0.5232671999005547, 0.8661089645110666,
    -0.4487385639320079, 0.8776630802443793, -0.4941836644509408, -0.5138252321953504,
    -1.841091601935372, -2.3463496893534255, 1.1970059151857353, 2.062695323207032,
    0.750071888535141, 1.9844915907141996, -0.32054466689872063, 0.12121057389837753,
    -0.3728300651936064, -0.36337967987071157, -0.7494501251806258, 0.8009015741917408,
    0.26065551263074016, -0.9647795745142969, -1.3494648511153304, -0.44449405031638645,
    -0.45388130670024107, -0.5561743168479876, -0.23693877585658113, -0.13133236952249375,
    0.358382106315477, 0.3477680817400361, -3.0023339771984787, 0.5304142405306377,
    1.0762215253973844, -0.5868250914177181, 2.6420997624341025, 1.05503957625272,
    0.555734977004906, 0.2636499759632952, 1.1135395429766437, -1.406590811867973,
    -1.021540682115857, -0.6319186710773239, -0.9103948004379955, -0.46020701032817973,
    -0.9617989160626909, 0.25630889402749507, 0.2750057548544802, -2.0515796174616527,
    -0.8075095937198337, 0.03666871233555956, 0.15984422719325933, 0.3033999460504675,
    -3.0128959287248054, -0.7332810675156072, 0.8555476790155905, 0.1162792792459191,
    3.018822873171414, -1.9679772156468998, 0.09664637216235009, -0.8681064556073542,
    1.7889941598363246, -1.0448937854989602, -0.5499256220129489, -0.07504664304939537,
    -0.2668609873213199, -1.1231832655492984, -0.6185242865751828, 1.5048666192104956,
    1.1082680815236596, -0.9900587619101614, 0.019107454245290086, 1.1774191261842488,
    -1.5946050532113767, 0.6780251000127485, 1.2385841514362284, -0.842758495553305,
    -2.5131762330024685, -2.1184117578230794, 1.0840472692266763, 0.14778718176593955,
    -0.546973525351648, 0.7461603567802493, -0.7992073788123705, 0.07739075871110863,
    -1.3274626449722193, 0.01636771608546492, -1.3080990586121544, 1.700850419379741,
    0.45622047998915066, -0.9171968141120198, -2.210642127169416, -0.8283247424842668,
    0.5518228149486067, -0.47907377424284187, -0.5959757342416405, 1.6450158849876515,
    0.4263816425423231, 0.7052665518562683, -0.4055399738817062, 1.3459028849450303,
    0.3916698498694222, 0.9197584940157815, -0.01751945901956476, -2.2711300723164385,
    0.09218410411077478, -1.2289795392149654, 0.624436985286401, -0.09364886685917925};
static const int64_t ca_dynamic_shapes_x_5_shape[] = {60, 4};
static const double ca_dynamic_shapes_x_5_data[] = {
    -0.46583432604633296, -0.7759617632940558, -0.17656531895146105, 0.24067485621871645,
    -0.6764972322699252, -0.42069110862323195, 0.694852282271283, -0.8279353064705253,
    1.6158610632769022, 2.3726888378507867, 0.7772736200805871, -0.42930165787979474,
    0.2256109540927033, -0.02990415700794469, -0.33536896045641346, 0.5112503859275886,
    0.6978778048578261, 0.361754639953406, -1.630941715598406, 1.2955068770628477,
    1.0459999793682377, -1.2943566381337661, 0.31333623450803344, 0.42934915921961436,
    -0.6053764513795621, -1.6772327668492344, -1.0537121598539652, 1.087248006914719,
    -0.5031531979825011, 0.47571660830036605, 0.5946279893437424, 0.21584615884917832,
    1.2807530661435411, 0.1786467639572902, 0.5159480671796787, -2.062596357668575,
    0.4081535739454325, 1.7368608048812626, -0.15334611281441188, -0.524746758727577,
    0.30063308012536266, -1.9593976940560185, -0.07750068454326829, -0.9906332390837811,
    -0.9320534457457634, -1.2264198298361828, 0.298321819340201, -0.7413835751125817,
    0.5860383419319865, -0.652521087157778, -0.864306225768773, 0.5253574848488397,
    0.6366038048400054, -0.8103928305115069, -0.2030944377560007, 0.6450046145199054,
    -0.25626315186867255, -0.6720580927400546, -1.0217764650952117, -0.17373101737592764,
    -1.619534844445062, -1.2991833256270928, 0.0791125136820098, -2.6312498970139058,
    -1.0970308782550597, -0.47787902531988447, 0.10458484127108202, -0.5690991356538365,
    -0.7817621651034727, -0.9058960194381809, -1.5568636814218872, -0.5576611635522686,
    0.33088034903138647, -0.387360083981109, -0.8605728209779371, 0.7448592971970183,
    -0.5176830145482688, -0.2726178072429178, 0.960981435201179, 0.8625038989600332,
    0.9926017237444494, 0.6827597828252973, -0.4012236901888256, -0.9955438410640184,
    0.17829834296509076, 0.590883309093345, 1.664779300961757, 2.015017470146801,
    0.5163607322844191, 0.8922921176106695, 1.5434932128357155, 0.663319888733588,
    -0.9549986635703794, -1.022068986624618, 0.8881230391114032, -0.29919589232342025,
    0.8459802081022548, -1.1751711042782804, 0.518896129142678, 0.29151748679399403,
    -0.4810389120708912, 0.14822654777845662, 0.6812253798817951, -0.4838240299663556,
    0.1659206839794834, -0.531130123579994, 0.534007643873913, -0.4250888836543518,
    -0.887659723277626, -0.29602745198461716, 0.08919688929865684, 0.3720411569298755,
    0.07224035874131896, 0.388495202246934, 0.5358640836983196, -0.7416475104514828,
    0.1833426195431376, -0.33756832893381894, -1.5659249357271872, -1.4559616960298312,
    0.2012260161091541, 0.850135113336075, 0.12651887054303143, 0.04854342159428217,
    -0.08613648629029504, -1.2905348722878287, -0.28190653706975966, 0.3238933030108969,
    0.8400381912380862, -0.06028659687603107, 0.7662887562092539, 0.25940668809494216,
    0.29895189725666305, 0.6528720084841527, 0.48133990536093146, 1.3858083139065183,
    -1.5232292054887806, -1.4889785181327129, 0.14491459379728894, -1.0095273752379976,
    0.03930892995448989, 1.450613976591688, -0.7490477109343797, 0.4230615233834364,
    -1.005372482302244, -0.5850887613654674, -0.38687170013345407, 0.8147624804684113,
    -0.20903374452615786, 1.0783046921328108, 0.3180677864651124, 0.17579447610579207,
    1.0376962468039999, 0.3733895033915449, 0.44688698908736046, -0.7970680050043965,
    -0.3337121290158784, -0.1910800056146465, 0.6260623368049596, -2.1530658018632125,
    -0.7806567254336699, 0.6270872884451776, -0.6379489164108842, -0.7856800588170543,
    1.348112491535279, -0.0994702364397495, 0.9455088608677711, -1.0048608538204349,
    -0.6476430235064329, -0.09765887019773092, 0.6902722542242282, -0.6131100112480037,
    -0.5497464337124863, 0.5512837203053279, 1.60212440014901, -0.9908031519085168,
    -0.4047826533988244, -0.8881292004794452, 0.6519319556657035, -2.3570438673980387,
    0.12930948706977202, 0.2166942532617315, 0.9011125939020213, 0.07981709757715012,
    2.20395585722467, 0.6296349647192706, 1.9642996330738212, 2.0529206059961145,
    -0.8466770405639045, -0.9467126770099065, 1.2449383872832802, 0.5740841455233686,
    0.1793893835437507, -1.0688471072911792, 0.261823122216722, 0.17528922043188228,
    0.6484746183463789, -0.7096984726612618, 0.3571357234563251, -0.5213287633534694,
    -1.069211615280428, 0.16929169598974206, -0.3783212706978253, -0.3103785609674562,
    0.07567043373307221, -1.181160897345643, 0.7950941555100307, -0.9446627855068427,
    1.1324820953578023, -0.7454882129106714, -0.9788169886120472, 1.6448984578925114,
    -1.1202428079620217, -0.03268813917439288, -0.4989047031425272, -1.9482526447962658,
    -0.5269655111408863, 1.501467076957091, -0.14562869703736048, -2.0590534597498573,
    -0.07639479402142133, 0.6710129064669575, 1.053353090526165, -0.5119161992568523,
    0.026490297345267207, 1.042635760730675, 1.4066095167313029, 0.17623999075117208,
    -0.20349652671546678, 0.44630513363764984, -0.511266823098361, -0.4828451249223063,
    0.9676447469419458, -1.4140723104313462, -0.9686497509691199, 0.8290030146569187,
    1.973186978211274, 3.0084600875487526, -0.012455787850092423, -0.5811543847951542};
static const int64_t ca_dynamic_shapes_x_6_shape[] = {70, 4};
static const double ca_dynamic_shapes_x_6_data[] = {
    0.37848109721966355, 1.1478645882587208, -0.6572634853673365, 0.3182373359724761,
    0.5881291747756114, 0.4871739279054807, 1.8627473348894472, 0.2655931259354223,
    -0.6338652149931635, -0.0704983826416902, 0.2703478625052268, -0.5027828219454549,
    0.8106967964055811, -0.3312804954604474, 0.41786523271358905, 0.11479678902482512,
    0.7236549964494978, 0.02668658085320422, -1.0640515891525197, 1.360623345217506,
    -2.795945668696106, 1.5241135580092635, 1.1559574261706596, -0.19267358324001652,
    0.44585557021713657, -1.8022645685234608, 0.9819537207403185, 1.374196731929989,
    -0.3491075474960882, 0.6915841529493124, -1.6697236628077474, 0.19475924847140622,
    0.19257287720255745, -0.49228962101440715, -0.17956349148030853, 0.5942076216351738,
    0.12407472203422523, -0.4880727774255221, 0.011824401742999624, -1.2848921014344699,
    -2.0919336913853552, 0.4122419156235965, -0.012737337754146786, 1.4307296207160747,
    0.7858868321269976, 0.6404510676215829, 0.4699662074725159, -1.1905057706611086,
    -1.456505775072926, 0.08497503451320121, 1.1368917546251043, -2.045504768385165,
    -0.21542033438583397, 0.6324068370655379, -0.039705124763131705, 0.5164000406704605,
    1.267078352704957, -0.402740815027343, -1.0235764027389656, 1.2440515561625745,
    0.8378375937060927, -1.3708975913491501, -0.6459064142887374, 0.2914249461792782,
    -0.5840234452288308, -1.1341827209597564, 0.572133885691039, 0.5277181926544101,
    -1.2877323052206733, -0.3728486050713165, 0.6911668446819259, 0.7077999670144929,
    0.09659333502338854, -1.2593917790893887, 0.7977410405332762, -1.8231608496812268,
    1.5846025952384688, -0.3148588033347718, 1.372786513121627, 1.611818595190076,
    0.7694504471291487, 2.1859302485992886, -0.8090093881881038, 0.5413016868666909,
    1.4789972023339197, -0.9888387455918126, -0.6388508229746167, 0.33325001381897457,
    -1.0121094706532108, 0.050044638998246446, 1.0362113808857911, 0.09288834897183519,
    -0.142000220294677, 1.7392457816753502, 0.4055420980844598, -1.3620734200009947,
    -1.0049250896415844, 0.15736335919939834, 0.2292720802047183, 0.17359006105742442,
    -0.10782712531532068, 1.0363689824670757, 0.7334288937761939, 0.2394293979727023,
    0.686279302752096, -0.28618370932725773, -0.9462647658240559, -0.5048409984620645,
    -1.8620107704894668, 0.5797660182580056, 0.18435127838771487, -0.3877574764311811,
    0.7568676950902377, 0.06938192539549566, -0.8650216663477935, 0.1387256032862375,
    -0.028867984321437407, 0.17890803541156805, 0.15497409975709966, -1.0306290180804376,
    -0.7419045341939726, -0.022155826344825793, -0.1489650726411191, -0.2930644042807608,
    0.25205356158828257, -1.4819323255383667, -1.2872581008361168, -0.7613637223563126,
    -1.9394787920254457, -2.6212607420431904, 0.8964080336034398, 0.21957318751582272,
    0.20807851628560572, -1.3494001711296773, -1.109925773270876, 0.8820832950356392,
    -0.030963815653428838, -2.1660488123604926, 0.28284341390282763, -0.5353562690928473,
    -0.5991717987165264, -1.3189592124901917, -0.5066013385813516, 3.0249704338620593,
    0.2929112141837562, 1.0631048712510867, -1.217495796367829, -3.127958020297239,
    0.1778526959446414, -0.17743655927780713, 0.189276952584382, 1.2647326628396383,
    0.5189533429652363, 1.1478460804629191, -0.6090601898762414, 0.4920729657688459,
    1.614179636751581, 1.7344293078609199, 0.07193949665975102, 0.6214560715521174,
    0.9539706528128158, -0.1536294638657001, 0.536224614493603, -0.5832945002437562,
    0.5067397290179486, 0.22909133462980913, -0.04947784046029333, 0.3240663888405793,
    -1.0408766041863187, -0.20821940425046148, -2.167677338971264, -0.06626922774573901,
    -0.9426796331377528, 0.2629052329746904, 0.35679391181491577, 0.9935554311065075,
    0.5984650213253583, -0.9330023748945383, 1.037843949577654, -0.6112051025665235,
    0.8730320317132688, 0.010730233684773322, -1.0261689585299834, 1.3222358532225338,
    -0.38866473217793046, -0.7675435023272021, -1.7739625375321448, 0.5562151264814471,
    -0.6620330630410857, 1.7225299690625435, 2.4435765824649263, 1.0011718915662093,
    -0.2366977476839617, -1.0293104138752212, 0.46949710837844305, -0.03584990114660031,
    -0.6574954499520057, 1.0718895197820664, 0.4475570012124278, 0.8463121073071158,
    -1.016611143072803, 0.7906734957347081, -0.059186496841385036, -0.6736857588732018,
    0.36492724889849204, 0.02021848122553955, 0.13029013763966527, 0.7374096715115513,
    1.857521341342003, 1.4345497055422902, -0.4063170003961266, -0.12187389662643125,
    -1.053471757046532, 1.839658952177674, 2.509784438666441, -0.1776818387668307,
    0.4572829158199599, 0.9240980021845696, 0.3357373786638349, 1.27271250507739,
    -0.3993561414290968, -1.3458054654282008, -1.102141046314995, -0.6100333455036453,
    1.0482041005879341, -0.23646648902468886, -1.4392148085722196, -1.407769990603549,
    -0.40044242473444386, 0.7376618316278483, 0.4665416728865811, 1.2210462989291309,
    -0.24173237494744831, -1.7312049738311959, -0.7509501375340282, 0.4865380312899758,
    0.28657007632123244, 0.1825415552633235, -1.1320827412720957, 0.17926426697319073,
    0.6335588102139336, -0.44331408762293095, -0.7572161454310834, 0.2736378273741568,
    -0.537179746013993, 1.6999190226785612, 0.4818405662068912, 1.1013112690088387,
    -0.87582581375704, 0.7170672006128929, 1.2178134462393313, -1.3518220544723407,
    1.5957515180021933, 0.241839828679199, -0.8346088853093987, -0.7663967994325492,
    1.109622581063411, 0.1348492122113882, -1.311029197188025, -0.31683263530747235,
    -2.666866262031337, -0.7462794719854263, -0.7946173674822973, 2.2764641203840323,
    0.8163171174406393, 1.6913858105944066, -2.4212936139284924, -0.40693158061505474,
    -0.48093081511150243, -0.17789710192855068, -0.903718700323944, -0.14054891511409884,
    -0.19564387388778198, 0.27417704789292735, -0.06465587635145559, -0.007570711060781063,
    -0.3468017912147202, -1.6622393658993018, 0.6566282371219931, 0.4988625273550325};
static const int64_t ca_dynamic_shapes_x_7_shape[] = {80, 4};
static const double ca_dynamic_shapes_x_7_data[] = {
    -0.014317741195317342, 0.8947007966403185, -1.528174800378529, 0.04573977483705567,
    1.1087671089531532, 2.508376632449403, 0.8270771283868449, -0.34777243115330597,
    -0.03183854247475974, -1.511864207764643, -0.05054396559359714, 2.162561854421526,
    -1.955780646678567, 0.3483873711659365, -0.6586138620266402, -1.533870840988837,
    2.010308830962858, -1.5999235021281106, 1.353051505158605, -1.0471308394150403,
    -0.06729339071210506, -0.6088059441903652, 1.048025448747412, -1.52866763522256,
    -1.4623846904833984, -1.866615666494533, -0.21010067459848222, -0.7151782584734869,
    1.3491163143044587, 1.6343971627352751, -1.0168804199969015, -1.4216111544717058,
    0.44542148741714155, 1.0112851448607034, -0.11252261520476507, -0.03271686459764574,
    1.6037996511689068, -1.1359025771355575, 0.833477369030653, -0.7412453496143641,
    -0.5300818258445097, 0.719514510826472, 0.41925193364635943, -0.4830979732047088,
    0.4701875170892752, 0.0605202796953448, 0.8758011417607177, 1.5027125040805513,
    -0.902550600186838, 0.7525478316864469, 1.2269205112290085, -1.0355994026954922,
    -0.4651642031418411, -0.8343119428043424, -2.1488385207506395, 1.250134190724636,
    -0.7467484932348207, 2.8505041236927164, -0.17688075763343977, 1.6724416168925802,
    -0.24701141485147088, 0.6005267652786068, -0.4286603907498095, -0.9204513936149212,
    0.30986935162411955, -0.2036770821497414, 0.07775888745534262, -1.2610228422243976,
    0.1975500262879953, -0.20175810468150826, -0.6553532179625685, 0.08429145793183943,
    -0.3981965692138281, 1.0204484443658008, 0.2356856892462512, -0.10654721429001511,
    -1.526804257016081, 0.307586302617145, -0.6263442265412051, -0.5228287802980771,
    0.7064633673990266, -0.47221196094713813, 0.5191895866913268, -0.1823776607475439,
    2.3939493734246082, 1.2590091541385522, 1.2356225086190942, -1.8811256797561255,
    0.18000747744171455, -1.939901517877391, -1.2327286534718318, -0.2565944405600789,
    1.5238087173186874, 0.24950166769910995, -0.6184757179551258, 0.8270406898653551,
    0.12749879858977428, 0.43568159255374245, 0.9540938598400476, -0.9897963912802183,
    0.4701898219194373, -0.9844926268932532, -0.1956759530311406, 0.411924698096442,
    -0.8339642816284889, -0.348599126514085, -0.06616133411934333, -0.03996812730070747,
    -1.6541273470028122, -0.14277984660309964, -1.607255434426218, -1.4024709137619453,
    -2.550213057901244, -1.3033064334362237, 0.3195608946429905, 0.10111861513095452,
    1.5667450415327584, 0.7997516552018149, -1.8116683680703574, -0.414529303680625,
    0.18512802349319576, -1.873157382903515, -0.4910889126936393, 0.26912844863334456,
    -1.9566926291525433, 0.5717645609164813, 0.5180629729900007, 1.957694519877604,
    0.4933024934828756, -0.3299384368460735, 0.19838324563341903, 0.17450068730007148,
    2.3117498785956747, -0.3862289921574689, 0.8776222900121472, 1.257569712493707,
    -0.13162663255861218, -0.18880873922805244, 0.9028384559491438, -0.2664759311823183,
    -0.7604954262321737, 0.2624137604109979, 0.9479082916062073, -1.2922966384232948,
    -0.9829040291652898, -0.3859095326445821, 1.4447747372280455, 0.08918249945111317,
    1.161158781637987, 0.9481831001274764, -0.4018519682857447, 1.0359862924409424,
    -0.17779270668055341, -0.5293158441252701, 1.2230285109391477, -0.17996247759726738,
    0.5035377752880433, -0.8204715801785344, -0.6927402325364265, -3.376366452880454,
    0.43916715087191927, -2.1454760066481353, -1.3880125775437149, -1.1911731936272698,
    0.43836009645263185, -1.8966647248278048, -1.501523216835096, 0.9118240816438667,
    0.5001652822588359, -1.3518011213344159, -1.02244494228033, 0.7181766294160755,
    0.4339091401103895, 0.5591568323400455, 1.8119905204829347, -1.4650541719444055,
    2.2560038665886144, 0.20885833705998577, -1.5414556619490951, -0.6504920988174118,
    -1.3189977163389208, -0.45198640170129006, -1.4993492671480537, 2.258010487156322,
    0.2294598884329425, -0.4736668684859209, -0.34163548096611307, 0.09838428004760712,
    0.04614482454368462, -1.1048673170006158, 0.30340276115289083, -0.3507554213022898,
    0.6608083737348386, 0.6428744824315954, 0.5071243711914076, -1.6299154245470922,
    -1.4067907288571426, 0.580244826097085, -0.32518395722442506, 0.13877465013308524,
    -0.06230306183004995, -0.7871251786685758, 0.9430051565983139, -0.2681668727680779,
    -2.3247579429619734, -0.7394008374196219, -0.23906413539097104, 0.8419253084551114,
    0.2872359644904717, 1.0122218587856295, -0.30215449924437765, 0.46819096930443355,
    0.11833872315060716, -0.9757748474889382, -0.04104100893304378, -1.1621318161511085,
    -0.17668098951503208, -0.25983695972198384, 1.6386284087788607, 0.5214109714307413,
    1.728410487976004, 0.04667286937656382, 0.7310523654129917, -0.6187090513182557,
    0.6034556100404839, -0.09733660169756017, -0.26920483659414607, 1.5253881297593195,
    1.6898826552205781, 0.49049970112545654, 0.6881678673874151, 0.44494589344495805,
    -0.20948468990501143, -1.669757539109301, -0.6378575025932115, -0.387846874212982,
    1.1764448661471518, -1.7113720818059306, -1.4188905680144779, -1.4098706811478188,
    0.06786635645847144, 0.11048705675281312, -1.91363463837579, -1.4183405624857615,
    -0.5741182790744686, -1.4494167800959572, 0.22548912316488928, 0.7256228843149721,
    0.9033398989888531, -0.6550627988097609, 1.2346654319074593, 0.1312525710606821,
    -1.1999868333549302, -0.5839389644450116, 0.4639760627310285, -0.40588526253732454,
    -0.45548591974525926, -0.05289190957315294, 0.682996608414066, -0.1674010267481492,
    0.2846302901493804, 0.31259613491616534, 0.3178003476875128, 1.9125505802860303,
    1.1231165977963544, -0.2202720894951382, 1.5084958098802004, 1.0419240697965002,
    -1.0553452730478823, -1.4068094843088914, -0.986407479481536, -1.1724800035652088,
    0.11747583096271176, -0.0011053489855562951, 0.7231797008743005, -0.22627713270062744,
    -0.970919627604937, -0.3452984255649887, 0.6394169254628197, 1.4135423685954451,
    -0.48653160328254424, 0.009696805143269668, -1.3045051200975797, -1.0505559208581439,
    1.785250958569026, 1.0598815145750393, 0.16471294416480556, -0.8739118567021905,
    -1.740096975827981, -0.9290210499215917, 1.2545835571158643, 0.5937754213254536,
    1.0248427078376423, -0.3321392112961519, -0.694457086627488, 0.2744903637540283,
    0.7551454691547219, -0.6167496483980331, -0.1787115506209067, 0.6075457539296996,
    1.2338829854766489, -0.5850528623629178, -0.3879814426507618, -0.3199378487680946,
    0.33651132204133644, 0.49805164567155247, -0.49408220780777967, -0.23057309847726537,
    1.2544062814941455, -1.3945520775525138, 0.6726702981022257, -1.23860544871336,
    0.15359804368932473, 0.07423760303602978, 1.4719889724972384, 0.5375549761494178,
    0.9793015411828454, -0.5630130634544982, -0.41021224129025546, 1.1990536251925106};
static const int64_t ca_dynamic_shapes_x_8_shape[] = {90, 4};
static const double ca_dynamic_shapes_x_8_data[] = {
    0.7606301778673806, -3.0484179532171085, -0.9326441998455924, 1.1954086754658537,
    1.912001238490225, -1.5457325209867336, -1.6650865959503864, 0.45165506761887064,
    -0.03739341206295184, -1.033752431995766, -0.5470540500854009, 0.27062028463738375,
    -2.240196391739916, -0.26425293944527417, 1.377293395715429, -0.6341189162577812,
    1.4460412029402108, 0.8978800477867158, 1.611342116696436, -1.1401955320673924,
    -0.18194343836997826, 0.37683355300191207, -1.1378012672381104, -0.7709946330022648,
    0.07640928915066023, -1.0576155007742518, 0.6238531015539799, -0.4955765184943351,
    -0.30656147163461656, 1.6047813800761248, 0.6791522036561939, -0.27708922311623035,
    -0.6861582739731625, -0.3912483162954769, -0.7460963075877662, -0.910745722724021,
    -2.2625532068749505, -0.8067277409387016, 0.20841239393301195, 1.2913598704756852,
    0.022179411929774902, 0.0456130234652004, 1.3546931735226448, 0.8978052885858772,
    -0.5903365940552204, 0.04094453761981085, 0.6277310338648845, -0.3307066721228887,
    1.1302683735556718, -1.3426283805031713, 1.6744718527506461, -0.21409584861428232,
    -0.5055528990459593, 0.23196640583326197, -1.1610032963458423, 1.5243365987912671,
    -1.1635598963709812, 0.44389413359703633, -0.9051541625734171, 1.2062678749563975,
    0.07048051922115095, 0.7110344934328687, 1.528806688286594, -0.3459164071915815,
    -1.1029872334125232, 1.0183650448315484, -0.792960535755701, -0.8118255710249676,
    -1.557516509647035, 0.25047984361955744, 0.2749822886676023, 0.223559181305375,
    -0.18758139486335124, 1.3619933666034396, 1.6346559797530842, 0.016368244532948443,
    1.6304276330730123, 0.20606031110657602, -0.5129476501232803, 0.7207252946895889,
    0.8691696645741112, -0.47663786048655543, -1.1576442866297776, -1.4132230845424352,
    -0.24558010545426523, -0.3020129961675829, 1.7334068760926973, 0.685891123114742,
    -0.21483563272191575, -0.07111386889768764, 0.4067924126850203, 0.319508770049536,
    -1.0739343510815686, 0.5003373211932529, -0.5178311859060436, -0.8412941751169205,
    0.3805243799708418, -0.719303581360279, -0.9318120296465818, -1.3809367874259109,
    -0.00017672121248860054, 0.013582427013551673, 0.33356542867211936, -1.0651595138647052,
    0.5008470770272225, 1.6385785062841174, -1.4919823201441307, -0.26039938176392846,
    -2.56020312143885, -1.317294205562026, -3.1362192609120365, 1.5645874174163064,
    1.9351367153408763, 0.29825104324795193, 0.12199781692377837, 1.201373904181379,
    -1.2024179773679988, 1.1195911747718867, -0.7816490840692332, -0.7473917796572381,
    -0.9909840956855427, 0.003423391771952007, -1.5072899929912935, 0.3632099113847851,
    -0.4952441761854652, 1.379535831484992, 0.7608078688421045, -1.2330093329652987,
    2.819745192453691, -0.99598911785598, -0.8913544364655339, -0.4389734214472986,
    -0.2134191854163584, 2.1637220418598178, 0.6908161685792399, -0.617595246311616,
    1.016966974768363, 0.1021903305496387, 0.19204927513155307, 0.8448573757059636,
    -0.7223563652172819, 0.5217295475268718, -1.8408484793968007, 0.06195474864897055,
    -1.2094360987798596, 0.4093117423432491, 1.3977903214603196, -0.3203458763115594,
    0.5429685070101978, -0.2883993420804815, 0.2837137398219109, 1.2910053657052505,
    -0.4377866975368355, 0.4788224120406419, 1.7973153941174778, 1.0393569805651774,
    0.8622305515300974, -0.46809939927600624, 1.765668045113739, -1.0080160982074478,
    0.5072470386024069, -0.2386674808277277, 1.4021432052160494, 0.755010670934665,
    -0.5908346995168121, 0.17569077044226686, 1.4814563058037902, -0.8253091912205763,
    0.67344407626971, 0.37936834746882925, 0.1509094560815521, 1.7156743344647756,
    -0.8523300699392993, 1.080266448230893, 0.7489244229664606, 0.3392153254321583,
    2.226190327561787, 0.3227947159868414, 0.7766922906751257, -0.39491420819885964,
    -0.03469544786170433, 1.3529550804934998, 0.8644807472070106, 0.061534921671531476,
    -0.7583035981260664, -1.367954391786062, 1.1020061250567852, 0.5577115241216248,
    -0.5488494100160413, -0.9772110516621775, 0.8807102760817852, -0.37104202819912846,
    -0.1203279023436543, 1.036037569118815, 0.4162648944042597, -0.04124542922286222,
    -1.011689698910632, 0.47693691206265293, 1.008283193684288, 1.8589885877769203,
    -0.1049090433967707, -1.0004465087856966, 1.8385481948621483, -1.9568424280692425,
    0.438532141882552, 0.34235942174731415, 0.29515354984234676, -0.9408728159985325,
    -0.04633282666048181, -0.8042583492679383, 1.0856041716098743, 0.6118202134443588,
    0.4447996956379922, -0.2816796323170579, -2.2429156565999135, -1.1509204132088002,
    1.0857295070939292, -0.30025011916834693, 1.183803267854065, -0.9319341139214844,
    -0.8642816001033504, 1.5534784402734465, -0.16303625417603046, -0.029485126584846623,
    0.4865022179545754, -0.40085531007131464, -1.3041961235905157, -2.318601008941652,
    -0.9326778135898565, -0.4035221562738718, 1.4610525478335759, 0.5652524496867454,
    -0.5003909167990999, -0.7041676729561144, -0.8962153158584303, -0.16500953173789526,
    -1.3377504767063029, 0.17320050884392194, -1.2047976318078044, 2.279371088129201,
    1.4664709789292512, 0.09058053136705031, -0.716011581264623, 0.04810017336611426,
    -1.5629227222901318, 0.2734408211886717, -0.017217328537849273, -1.895593023215865,
    2.2013493053889603, 0.31757695598689567, -0.7085035094467398, -0.8431130551355058,
    0.4470658442126837, 0.08804862628337792, 0.5910163907969362, 0.4765517711989732,
    -0.8701914576608489, 1.2662619818043233, -0.5774670433380374, -0.8907999762488757,
    0.3550889726319844, -0.6732835837696698, 0.9781984023827448, 0.9096245864129762,
    0.5643041996785784, 0.5713282594798489, 1.6197141677551652, -0.09357462556318165,
    -0.09717019691476579, 1.2385391620067678, 1.1415972661873466, 1.40959334979038,
    -0.6653827319044908, 0.8686244902939835, -0.8449768556495856, 1.6521623932758511,
    1.005219319551295, -1.1796826568171888, 0.31706469074766636, -0.013258873358796943,
    -1.50194750568655, -1.3098295717596316, -0.7105537030691562, -2.2317301218501706,
    -0.8082466595854072, -0.9542611459710186, -2.349402634686506, -0.12331086173803144,
    1.8082575660615816, 0.12090991382692355, -0.07813544897527851, -0.24152576156059397,
    -1.6777407076293835, 0.45583693120888547, 0.650824134842664, -0.727148158890484,
    0.7979414657002768, 0.9055437358062016, -0.6965333372359901, -0.8677112861711148,
    -0.8401484496955975, 1.227779286497957, 0.598067987098841, 0.374539515850433,
    1.3858429113876929, 1.9444764294807804, -0.5558216747748047, 2.096685020969555,
    -0.9551554939373978, -0.20672088975118724, -0.06340682772546319, 0.024031408003796727,
    0.5607272546574134, 1.1689351128431633, 0.10095697633787247, -1.9773311923342305,
    -0.5828985071407663, 0.09549112152849895, 0.35871372456968054, -0.10807260627305243,
    -0.9283143594271998, -0.5752584615637634, -0.4178287582718733, 0.33643737002932506,
    0.3244003315933998, 0.9872361999635371, -0.21247197437402532, 0.7326566149231983,
    -0.6072327565487987, 0.02743639248163205, 2.220686195091924, -0.06698790904403934,
    0.04874307380567999, -0.6126821431704512, 0.7823784967321535, 0.5363943867002802,
    -1.9180915425053868, 1.1943606228154156, -1.1559165174542751, 0.25792712661256,
    -0.37064436466589273, -0.6468470711444153, -1.1611745321388067, 0.22199626811698434,
    -0.5379687035079658, 0.3507297687983073, -0.6056996297927153, -0.5738910687863226,
    2.912099277753811, -2.0672798958639684, -0.1495448518668464, -0.5616924318990649,
    -0.6756262562514093, 0.9253978131922043, 1.0137903646167312, -1.074800329402998,
    -1.39621557388615, 1.1277043132311886, -1.0476943180153024, 0.6389934839116771};
static const conf_array ca_dynamic_shapes_x[] = {
    {2, ca_dynamic_shapes_x_0_shape,
     ca_dynamic_shapes_x_0_data},
    {2, ca_dynamic_shapes_x_1_shape,
     ca_dynamic_shapes_x_1_data},
    {2, ca_dynamic_shapes_x_2_shape,
     ca_dynamic_shapes_x_2_data},
    {2, ca_dynamic_shapes_x_3_shape,
     ca_dynamic_shapes_x_3_data},
    {2, ca_dynamic_shapes_x_4_shape,
     ca_dynamic_shapes_x_4_data},
    {2, ca_dynamic_shapes_x_5_shape,
     ca_dynamic_shapes_x_5_data},
    {2, ca_dynamic_shapes_x_6_shape,
     ca_dynamic_shapes_x_6_data},
    {2, ca_dynamic_shapes_x_7_shape,
     ca_dynamic_shapes_x_7_data},
    {2, ca_dynamic_shapes_x_8_shape,
     ca_dynamic_shapes_x_8_data}};
static const int64_t ca_dynamic_shapes_out_0_shape[] = {4, 4};
static const double ca_dynamic_shapes_out_0_data[] = {
    -4.117820918081307, -7.880671514125147, 5.3873708329381245, 6.855248220218324,
    -7.901728187664102, -5.960773098460561, 1.479720973997846, 2.394602866312658,
    -1.511100332726934, -3.499456515469814, 2.2988758997757177, 4.598125137499014,
    -0.26023224486067087, -3.200647962313427, 1.0369944599749559, 3.651392271998028};
static const int64_t ca_dynamic_shapes_out_1_shape[] = {4};
static const double ca_dynamic_shapes_out_1_data[] = {
    12.537509417656693, 11.225536935598672, 8.918130200837071, 12.454563562227992};
static const int64_t ca_dynamic_shapes_out_2_shape[] = {4, 4};
static const double ca_dynamic_shapes_out_2_data[] = {
    5.633058779080623, 17.6009156326163, 19.306163667684775, 8.94890519997176, 7.067563835178583,
    15.831528422845004, 22.356636880938687, 8.94890519997176, 0.0, 0.0, 0.0, 0.0,
    7.067563835178583, 17.6009156326163, 22.356636880938687, 8.94890519997176};
static const int64_t ca_dynamic_shapes_out_3_shape[] = {4};
static const double ca_dynamic_shapes_out_3_data[] = {
    9.0, 9.0, 0.0, 10.0};
static const int64_t ca_dynamic_shapes_out_4_shape[] = {4, 4};
static const double ca_dynamic_shapes_out_4_data[] = {
    6.832702464051739, -9.829456463845656, 9.428356137902036, 2.3820349671390346,
    -7.0105701791609345, -5.4907422508585855, -10.677516346136972, 10.239315596906,
    -0.025062022709140708, -1.2732905860855241, -3.936192706349014, 8.010069854052704,
    0.7321752069020238, 1.5664852839399412, -12.395331267367585, 8.907516174716312};
static const int64_t ca_dynamic_shapes_out_5_shape[] = {4};
static const double ca_dynamic_shapes_out_5_data[] = {
    23.624518045714794, 22.400573074041404, 19.68993402417612, 30.290738710724863};
static const int64_t ca_dynamic_shapes_out_6_shape[] = {4, 4};
static const double ca_dynamic_shapes_out_6_data[] = {
    7.68915771557489, 25.66400662822107, 30.388972954053802, 31.856991256213924,
    17.686667789036438, 27.05549880896905, 42.785933041889955, 35.81560615152505, 0.0, 0.0, 0.0,
    0.0, 17.686667789036438, 27.05549880896905, 42.785933041889955, 35.81560615152505};
static const int64_t ca_dynamic_shapes_out_7_shape[] = {4};
static const double ca_dynamic_shapes_out_7_data[] = {
    16.0, 20.0, 0.0, 20.0};
static const int64_t ca_dynamic_shapes_out_8_shape[] = {4, 4};
static const double ca_dynamic_shapes_out_8_data[] = {
    0.07951799474804899, -14.220130796388913, 3.5888618091170494, -11.805721401015026,
    -14.837194400898662, -3.039031689304949, -10.20646052223138, -7.209671420688869,
    -3.284611544124771, -3.598539514388051, -6.582790528206921, 1.8378340296521511,
    -1.5376387928867663, 11.480667439020907, -17.25599739200688, 3.454914407355728};
static const int64_t ca_dynamic_shapes_out_9_shape[] = {4};
static const double ca_dynamic_shapes_out_9_data[] = {
    22.484579276998687, 37.98625495506849, 26.921729301847854, 47.184202723931556};
static const int64_t ca_dynamic_shapes_out_10_shape[] = {4, 4};
static const double ca_dynamic_shapes_out_10_data[] = {
    24.496777879099604, 56.88141394825938, 51.4055930979163, 55.13380507140219,
    29.363634762344276, 56.058451689555035, 55.76947017298615, 54.05062456780324, 0.0, 0.0, 0.0,
    0.0, 29.363634762344276, 57.02912952461295, 55.89339220253559, 55.88178733566788};
static const int64_t ca_dynamic_shapes_out_11_shape[] = {4};
static const double ca_dynamic_shapes_out_11_data[] = {
    29.0, 29.0, 0.0, 30.0};
static const int64_t ca_dynamic_shapes_out_12_shape[] = {4, 4};
static const double ca_dynamic_shapes_out_12_data[] = {
    5.841765751085598, -16.49027631624453, 26.09366046758653, -31.351638014170227,
    -17.470986365403295, 1.6715904648558686, -1.3825457386652704, -33.15535497501341,
    3.1764912336626643, -7.199407830960332, 5.934153257827283, -13.009806739988987,
    8.151905246793914, 13.236497476006296, -6.488776975015016, -26.031625181889865};
static const int64_t ca_dynamic_shapes_out_13_shape[] = {4};
static const double ca_dynamic_shapes_out_13_data[] = {
    49.42478727582748, 47.59693814671283, 34.647912216086965, 57.92910996826389};
static const int64_t ca_dynamic_shapes_out_14_shape[] = {4, 4};
static const double ca_dynamic_shapes_out_14_data[] = {
    35.4219401505508, 76.97107947247468, 61.597993409686694, 60.27590218292626,
    62.281986753981194, 82.9688530211849, 79.75700847296281, 57.14927765820535, 0.0, 0.0, 0.0,
    0.0, 62.281986753981194, 85.14507221594295, 79.9469063029586, 62.52147049807891};
static const int64_t ca_dynamic_shapes_out_15_shape[] = {4};
static const double ca_dynamic_shapes_out_15_data[] = {
    35.0, 37.0, 0.0, 40.0};
static const int64_t ca_dynamic_shapes_out_16_shape[] = {4, 4};
static const double ca_dynamic_shapes_out_16_data[] = {
    15.377938569306103, -23.19708533033307, 26.78382158545901, -23.68495665102268,
    -19.863172655384943, -5.3721888318125055, -17.64933092975983, -14.47223439188203,
    1.341420673635936, -5.14221763481172, -1.9602557373532847, -1.9205514863284008,
    12.259917178691897, 11.418996777100325, -24.738448523650117, -4.427949399374496};
static const int64_t ca_dynamic_shapes_out_17_shape[] = {4};
static const double ca_dynamic_shapes_out_17_data[] = {
    53.88041599765758, 58.77197428515555, 47.37116143793831, 73.33806740997082};
static const int64_t ca_dynamic_shapes_out_18_shape[] = {4, 4};
static const double ca_dynamic_shapes_out_18_data[] = {
    26.57279537952079, 85.86271930949674, 77.57527130456937, 81.67501907994033,
    62.420743485097574, 94.52272279197095, 103.35615234216452, 86.7020654983132, 0.0, 0.0, 0.0,
    0.0, 62.420743485097574, 95.71347504227865, 103.35615234216452, 88.45519458067272};
static const int64_t ca_dynamic_shapes_out_19_shape[] = {4};
static const double ca_dynamic_shapes_out_19_data[] = {
    42.0, 49.0, 0.0, 50.0};
static const int64_t ca_dynamic_shapes_out_20_shape[] = {4, 4};
static const double ca_dynamic_shapes_out_20_data[] = {
    3.892600330857268, -28.35987066956885, 29.342072496216925, -37.34477972655867,
    -16.607779235001278, -20.75658607098803, 1.7047502238317915, -29.098674600709423,
    0.2238420726093021, -10.202761843580378, 9.881454610778658, -9.176877549367434,
    11.857468629863423, 4.882037752699562, 8.023942770363835, -6.596818691376355};
static const int64_t ca_dynamic_shapes_out_21_shape[] = {4};
static const double ca_dynamic_shapes_out_21_data[] = {
    72.84196113458387, 75.39142000236058, 57.43235303736818, 90.82827464400343};
static const int64_t ca_dynamic_shapes_out_22_shape[] = {4, 4};
static const double ca_dynamic_shapes_out_22_data[] = {
    64.63668065181093, 110.32821841031294, 108.67983488009999, 76.4956106099397,
    88.23508554087533, 119.25345001531944, 129.17474109983286, 82.13002548714807, 0.0, 0.0, 0.0,
    0.0, 88.23508554087533, 119.25345001531944, 129.17474109983286, 82.13002548714807};
static const int64_t ca_dynamic_shapes_out_23_shape[] = {4};
static const double ca_dynamic_shapes_out_23_data[] = {
    53.0, 60.0, 0.0, 60.0};
static const int64_t ca_dynamic_shapes_out_24_shape[] = {4, 4};
static const double ca_dynamic_shapes_out_24_data[] = {
    8.392576387872344, -34.13071673640709, 16.399772344363008, -18.28889692696539,
    -19.625521093317598, -16.18392088872363, -21.83130204757402, -4.581218644387545,
    1.3528866537738085, -4.68286473186174, -12.336524391301989, 7.6342619774243685,
    2.3881618632803074, 21.111360534631018, -24.93198062802358, 17.67066991175029};
static const int64_t ca_dynamic_shapes_out_25_shape[] = {4};
static const double ca_dynamic_shapes_out_25_data[] = {
    59.478958765392576, 83.87166573648516, 65.56528821272785, 106.89253605822805};
static const int64_t ca_dynamic_shapes_out_26_shape[] = {4, 4};
static const double ca_dynamic_shapes_out_26_data[] = {
    48.226423637231896, 111.09376627084188, 119.97725417918737, 116.39373619829743,
    67.77253115938441, 115.33911476218094, 138.92324403607913, 116.60556585617226, 0.0, 0.0, 0.0,
    0.0, 68.16540367479195, 118.24565558746336, 140.00074297830346, 119.40058507292287};
static const int64_t ca_dynamic_shapes_out_27_shape[] = {4};
static const double ca_dynamic_shapes_out_27_data[] = {
    64.0, 66.0, 0.0, 70.0};
static const int64_t ca_dynamic_shapes_out_28_shape[] = {4, 4};
static const double ca_dynamic_shapes_out_28_data[] = {
    36.711937757851054, -53.530457665552, 40.958355124833254, -39.452246558718485,
    -17.59928199744801, -37.14263878592292, -22.262802385193613, -24.15045907513673,
    10.250432612950869, -20.043456134587302, -0.600033678571511, -10.173552326721268,
    29.05042429144234, -10.594968339543014, -21.936191558015338, -11.215672765535125};
static const int64_t ca_dynamic_shapes_out_29_shape[] = {4};
static const double ca_dynamic_shapes_out_29_data[] = {
    97.60641794901476, 93.98552365368695, 77.90497414790076, 115.78134325663058};
static const int64_t ca_dynamic_shapes_out_30_shape[] = {4, 4};
static const double ca_dynamic_shapes_out_30_data[] = {
    71.73953937845735, 142.14160288191837, 142.42168899560437, 110.7135822548787,
    125.06700631275861, 155.60480665194183, 185.46426367384413, 118.76834065714083, 0.0, 0.0, 0.0,
    0.0, 125.06700631275861, 155.60480665194183, 185.46426367384413, 118.76834065714083};
static const int64_t ca_dynamic_shapes_out_31_shape[] = {4};
static const double ca_dynamic_shapes_out_31_data[] = {
    66.0, 80.0, 0.0, 80.0};
static const int64_t ca_dynamic_shapes_out_32_shape[] = {4, 4};
static const double ca_dynamic_shapes_out_32_data[] = {
    28.079284848003955, -29.008972731947125, 62.616721069870245, -35.93244142385323,
    -43.67242934688193, 2.7988852023418684, -24.799579029914874, -21.989426003182892,
    -3.80875492935136, 0.7520855533600881, 7.578142715844778, -0.44238212867495896,
    -8.23124384441902, 29.146898337847446, -24.066614292228234, -0.8585462913798532};
static const int64_t ca_dynamic_shapes_out_33_shape[] = {4};
static const double ca_dynamic_shapes_out_33_data[] = {
    99.47160711253015, 101.16454700983837, 82.77857176593963, 130.38672365932112};
static const int64_t ca_dynamic_shapes_out_34_shape[] = {4, 4};
static const double ca_dynamic_shapes_out_34_data[] = {
    54.21956628713133, 145.796968291202, 120.58238369037737, 130.08831158913713,
    110.99255165399288, 154.53876744677305, 170.68059456704484, 135.21387027346242, 0.0, 0.0, 0.0,
    0.0, 110.99255165399288, 156.0296365399673, 171.02744775920007, 142.18274677537102};
static const int64_t ca_dynamic_shapes_out_35_shape[] = {4};
static const double ca_dynamic_shapes_out_35_data[] = {
    74.0, 87.0, 0.0, 90.0};
static const conf_array ca_dynamic_shapes_out[] = {
    {2, ca_dynamic_shapes_out_0_shape,
     ca_dynamic_shapes_out_0_data},
    {1, ca_dynamic_shapes_out_1_shape,
     ca_dynamic_shapes_out_1_data},
    {2, ca_dynamic_shapes_out_2_shape,
     ca_dynamic_shapes_out_2_data},
    {1, ca_dynamic_shapes_out_3_shape,
     ca_dynamic_shapes_out_3_data},
    {2, ca_dynamic_shapes_out_4_shape,
     ca_dynamic_shapes_out_4_data},
    {1, ca_dynamic_shapes_out_5_shape,
     ca_dynamic_shapes_out_5_data},
    {2, ca_dynamic_shapes_out_6_shape,
     ca_dynamic_shapes_out_6_data},
    {1, ca_dynamic_shapes_out_7_shape,
     ca_dynamic_shapes_out_7_data},
    {2, ca_dynamic_shapes_out_8_shape,
     ca_dynamic_shapes_out_8_data},
    {1, ca_dynamic_shapes_out_9_shape,
     ca_dynamic_shapes_out_9_data},
    {2, ca_dynamic_shapes_out_10_shape,
     ca_dynamic_shapes_out_10_data},
    {1, ca_dynamic_shapes_out_11_shape,
     ca_dynamic_shapes_out_11_data},
    {2, ca_dynamic_shapes_out_12_shape,
     ca_dynamic_shapes_out_12_data},
    {1, ca_dynamic_shapes_out_13_shape,
     ca_dynamic_shapes_out_13_data},
    {2, ca_dynamic_shapes_out_14_shape,
     ca_dynamic_shapes_out_14_data},
    {1, ca_dynamic_shapes_out_15_shape,
     ca_dynamic_shapes_out_15_data},
    {2, ca_dynamic_shapes_out_16_shape,
     ca_dynamic_shapes_out_16_data},
    {1, ca_dynamic_shapes_out_17_shape,
     ca_dynamic_shapes_out_17_data},
    {2, ca_dynamic_shapes_out_18_shape,
     ca_dynamic_shapes_out_18_data},
    {1, ca_dynamic_shapes_out_19_shape,
     ca_dynamic_shapes_out_19_data},
    {2, ca_dynamic_shapes_out_20_shape,
     ca_dynamic_shapes_out_20_data},
    {1, ca_dynamic_shapes_out_21_shape,
     ca_dynamic_shapes_out_21_data},
    {2, ca_dynamic_shapes_out_22_shape,
     ca_dynamic_shapes_out_22_data},
    {1, ca_dynamic_shapes_out_23_shape,
     ca_dynamic_shapes_out_23_data},
    {2, ca_dynamic_shapes_out_24_shape,
     ca_dynamic_shapes_out_24_data},
    {1, ca_dynamic_shapes_out_25_shape,
     ca_dynamic_shapes_out_25_data},
    {2, ca_dynamic_shapes_out_26_shape,
     ca_dynamic_shapes_out_26_data},
    {1, ca_dynamic_shapes_out_27_shape,
     ca_dynamic_shapes_out_27_data},
    {2, ca_dynamic_shapes_out_28_shape,
     ca_dynamic_shapes_out_28_data},
    {1, ca_dynamic_shapes_out_29_shape,
     ca_dynamic_shapes_out_29_data},
    {2, ca_dynamic_shapes_out_30_shape,
     ca_dynamic_shapes_out_30_data},
    {1, ca_dynamic_shapes_out_31_shape,
     ca_dynamic_shapes_out_31_data},
    {2, ca_dynamic_shapes_out_32_shape,
     ca_dynamic_shapes_out_32_data},
    {1, ca_dynamic_shapes_out_33_shape,
     ca_dynamic_shapes_out_33_data},
    {2, ca_dynamic_shapes_out_34_shape,
     ca_dynamic_shapes_out_34_data},
    {1, ca_dynamic_shapes_out_35_shape,
     ca_dynamic_shapes_out_35_data}};
static const int64_t ca_accumulate_params_0_shape[] = {4, 4};
static const double ca_accumulate_params_0_data[] = {
    -2.4907977016074616, -0.5844136989718075, -0.7041615857748277, -0.3555818190605404,
    -0.2447691053019083, -0.5994334275287914, 0.9064839815234674, -0.6649431409569756,
    -0.14907292659399052, 0.6213736780060576, 0.19859287633326433, -1.4527581326250945,
    -0.39195977949877214, 0.7783424715551862, 0.9598165744809704, -0.954586644086939};
static const int64_t ca_accumulate_params_1_shape[] = {4};
static const double ca_accumulate_params_1_data[] = {
    0.44189259725822505, -1.0568730401636508, -1.88870265114293, 0.40811087091049164};
static const int64_t ca_accumulate_params_2_shape[] = {4, 4};
static const double ca_accumulate_params_2_data[] = {
    2.1966838630596555, -0.785372444942731, 1.1336128263278704, 0.250452075832523,
    -0.2861509348026271, 0.6768521807338016, -0.5747362860930422, -0.5809993608145565,
    1.1781400823463812, 0.801227278030834, 1.4342674122106793, 0.44362449622275035,
    0.5485546102110876, -1.0949081558516032, -2.441898781394433, 0.3414984049993442};
static const int64_t ca_accumulate_params_3_shape[] = {4};
static const double ca_accumulate_params_3_data[] = {
    0.4198862009548365, 1.4524751874157136, 1.2182614742080342, 0.8589082848988168};
static const conf_array ca_accumulate_params[] = {
    {2, ca_accumulate_params_0_shape,
     ca_accumulate_params_0_data},
    {1, ca_accumulate_params_1_shape,
     ca_accumulate_params_1_data},
    {2, ca_accumulate_params_2_shape,
     ca_accumulate_params_2_data},
    {1, ca_accumulate_params_3_shape,
     ca_accumulate_params_3_data}};
static const int64_t ca_accumulate_x_0_shape[] = {10, 4};
static const double ca_accumulate_x_0_data[] = {
    -1.183253720067953, 0.16347948850191737, -0.8568278465750926, -0.28741580103049524,
    -1.4714859522571275, 1.238238676954499, -0.1653587717511333, -0.5104926367937325,
    -0.10135364985805477, -1.2684280890829884, -1.0326057971440776, -0.5805354436701262,
    0.07565800485256358, -1.6435325153082714, 0.2565365833160978, 0.31566708168040014,
    0.32352317998355246, 0.66605364090205, -0.9170406463899032, 1.0090146736709038,
    -0.08395779520428545, 0.30607110697596884, -0.3242439028746539, 1.4272798423370718,
    -0.7726314672652927, -0.4190389430436987, -0.6237686434017301, -0.5857921776350168,
    0.4618538539387637, 0.7247278150897005, -0.31887959146077, -1.5421348890018105,
    -0.7144814980433186, -0.21290816750158384, 1.1071211657221265, 0.543771491763161,
    0.02714781375010448, 0.09014501782559123, 0.21946361232342496, -1.4501298642507627};
static const int64_t ca_accumulate_x_1_shape[] = {10, 4};
static const double ca_accumulate_x_1_data[] = {
    0.7158307000863531, 1.2250476604364722, -1.8615725995790249, 0.02286133223817294,
    -0.34968184837134497, -0.3156113577515494, 0.2339971518162123, 1.4643015442415819,
    0.11639704590244833, 1.3709171860697427, -0.2737299262523654, -0.28060233558445763,
    0.8931886169719147, -0.13578416493590176, -0.915306812657656, -2.083317651055314,
    0.36970552259249934, -1.0842471929011073, 1.4536740642549166, -1.9268619811897096,
    -0.20356553617614329, -0.5634912403384241, 1.112120784500478, 0.16126726197856014,
    1.0957854536639924, 0.5145594267830225, 0.7858151503941229, -2.0345357228743617,
    1.1870493744571018, -2.3663450918982525, 1.8213356901016744, -1.2930242734236015,
    0.8846477017077652, 0.48827324347013, 0.7629808135966721, -1.0737590083415942,
    -0.6334873251451356, -0.22588223097708268, -0.07197935455242967, 1.335548138304834};
static const int64_t ca_accumulate_x_2_shape[] = {10, 4};
static const double ca_accumulate_x_2_data[] = {
    -2.0676996408700106, 0.16637378987704346, -0.25686609316155545, 0.7205981093289298,
    1.4231180966709047, 1.795890383662571, -1.12714106875395, 0.15888208261786582,
    0.12223782085535415, -0.5420851734679997, 0.48722128212305177, 0.6414308488974125,
    -0.42333364386156314, 0.003876742264332156, 0.24782725267773847, -1.0720174065581172,
    -1.2695755190313107, -1.9455516778297093, -2.4240705892396823, 0.6475619050748262,
    -0.596884037477972, -0.353916199863693, -0.2216597012105602, -1.2197757236160343,
    1.4746760453225267, 0.47468019183634785, 0.06085076165536516, -0.2858996379509796,
    2.0763827959234433, -0.5810491102321383, 1.6779923634252008, -0.5822741898192503,
    -1.205084828923942, 1.3638568107580225, -1.1027211147374623, 1.663496580090179,
    0.9750749805455705, -0.7045582794891071, 0.1938824903775211, 0.1859780687877503};
static const int64_t ca_accumulate_x_3_shape[] = {10, 4};
static const double ca_accumulate_x_3_data[] = {
    0.8906866008413699, -0.7339921740612642, -1.1646813055745078, -2.6636427568545975,
    -1.0618050251215492, -0.02913013647700029, 0.5607429304229431, 2.324576805571507,
    -0.9099083038827803, 0.7754050612319122, -0.495647379899038, -0.7927667188434911,
    -0.562082856498275, -0.2395242790314433, 0.603217948764545, 1.4150289954366126,
    1.4894771023239644, -1.0985007437993155, 0.1340289054990586, 0.6232757452915391,
    0.007631860328938608, -0.6102981399225504, -0.3439539616841242, 0.503970305151445,
    -0.468703695011236, 0.5731000659683783, -0.5884087781613052, -0.11076947569887752,
    1.1648599355080356, -1.3273745003058148, -1.5772603915108252, 0.1734135862613239,
    -1.2156945483667791, -1.0393795572144193, -2.247378996877712, -1.036203351305051,
    -1.0908388206591095, -0.17193703167505364, 0.7877937992737721, 1.0887570335278869};
static const int64_t ca_accumulate_x_4_shape[] = {10, 4};
static const double ca_accumulate_x_4_data[] = {
    -0.5768742164737529, 0.48881177566300554, 1.3741481967640023, 0.9661301435847167,
    0.9974700280138628, -0.9694857741277775, 0.5077478669652696, 0.6462322852237661,
    0.8103345314800336, 0.3882923734604131, 0.6489895111520263, -0.5742364358572889,
    0.3855086568903333, -1.3502615149142996, -0.16874671540576164, 0.3536324105511153,
    1.4594582409305557, -0.7815075946956097, -0.7272578779132781, -1.3091216562112664,
    -0.8579589049659092, 0.42223750090929163, -1.0045476105171809, -1.795756859954802,
    0.9996409043703471, -0.43828629898079047, 0.7400635297910533, 0.5473342351090522,
    0.48323449924669426, 0.9631922697767477, -0.4152514024277373, 1.1348519793166545,
    0.6370805456274944, -1.1100449048144816, -0.5110594897150071, 1.2932153877652255,
    -0.5823574280838988, 0.13776872090191544, 0.7230151956489688, -0.7245917073848136};
static const int64_t ca_accumulate_x_5_shape[] = {10, 4};
static const double ca_accumulate_x_5_data[] = {
    0.48890702196366354, 1.6569002223888158, 0.8918884015058043, -0.5260035760786352,
    0.32087335042967097, -0.9394263223245397, 0.3764028336990359, -0.2518653535736436,
    -0.24219660107993643, -0.5395815872244536, -0.784974146532254, -1.3141551845523958,
    -0.1306230991619096, 0.854412591872699, -1.4047147417616215, 1.0624977653223242,
    -0.712109826968374, -0.8736664608893316, 0.7253582931934028, -1.1638425295445483,
    -0.7874684425924982, -2.3789728977646942, -0.7265461456530697, 0.21764218784874168,
    -0.20881510557202512, 0.4130232952162142, 0.0983846643036627, -0.13782490648889817,
    -0.9148732922560948, 1.6070709527449663, 0.4305939915526929, -0.8703180564423404,
    -0.973108781066655, -1.169007262178079, -0.3472541903728034, 1.2716903465951197,
    -0.17591395703529786, -0.511297673560095, 0.8393859793330598, 1.0412454398735382};
static const int64_t ca_accumulate_x_6_shape[] = {10, 4};
static const double ca_accumulate_x_6_data[] = {
    -0.7918849343941665, -1.2869387064312892, 0.11704586228930106, 0.8962990924391675,
    -0.24465252970474446, 0.8480942749331174, -0.43705654393704835, 0.5404703458403242,
    -1.6401997642800998, -0.7259825590943033, 0.4530033002667937, -0.03886697060825547,
    -1.0745393424916438, -1.7342251718850739, 1.2584383009591962, 1.2653691208254134,
    -1.5863339981574214, -0.8627821109184878, -0.03732572176090021, 0.7252978726570708,
    0.5356107975639093, 1.7931872522586187, 0.50722539665214, -0.559846698846364,
    -1.858454630043157, 0.3586708599809555, -0.3260154194332442, 0.12452664367808554,
    -0.005829807298312367, 0.9362757642377671, -0.0869624378033356, -0.07488464713349967,
    -0.26083485816298657, -0.9269101537971639, 0.5756450878896657, 0.24007315912469637,
    0.2986988847440592, -1.6469854054211073, -1.17279046822242, -0.27315562706783647};
static const int64_t ca_accumulate_x_7_shape[] = {10, 4};
static const double ca_accumulate_x_7_data[] = {
    -0.2772748760760889, -1.0967937259251237, 0.36304436257650136, -0.8160220800255096,
    0.9717462396997198, -1.87962690378355, 0.06026436798192912, -0.8260281585001982,
    0.1533884836624606, 0.1636641374015087, 0.401006749599128, 0.14048986281154202,
    0.1909153678932413, 0.43027509093700017, 0.6868293576287795, 0.558819070974478,
    0.822982529244951, 1.9684028529055964, 0.29197287131519734, -0.4279237188456642,
    0.3940398866311397, 1.0022406312451981, 0.41157525324720556, 1.160987844336288,
    -0.02266093874038819, 1.1845179651431685, -1.6068963229929742, 0.3642672301040305,
    -0.5898514174989758, -1.4808987362534285, -0.8227741703553917, -1.2702206908818705,
    0.25265902126550205, 0.6417959397183131, 1.186936311986565, 0.12011187295360833,
    1.4188595370440642, 0.7149192568277208, 0.3589311748576634, 0.3622489727114049};
static const int64_t ca_accumulate_x_8_shape[] = {10, 4};
static const double ca_accumulate_x_8_data[] = {
    -0.07507200907220879, 1.3547711883672722, 0.05883155507738788, -0.5054235848827964,
    0.8014592183028436, -1.3099276623220526, -0.562674060698558, 0.6467277067065215,
    -0.4436047263106746, 0.8708626635924236, 1.352009900273197, -0.21520827131196663,
    0.43704521063901025, 0.6298050927441443, 0.20545935268800739, -0.7151934918787533,
    0.9757961932054766, -0.18725698109916383, -2.3072655143792447, -2.4841486152239804,
    -0.9264327207752903, 0.5346451433413214, -0.9129038257443005, 1.6570979746504144,
    0.4681710697890645, -0.41596315449419874, -0.13060022156990755, 0.8349414325932714,
    -1.4329333660722974, 0.32346876216038434, -0.4849309689313029, -2.862028057979323,
    0.07216649456611501, -0.7519970619845385, -1.6176345477292344, 1.1230898331778039,
    -1.017710615595257, 0.4345495792085938, 0.1713195114807566, 0.04319317787632112};
static const int64_t ca_accumulate_x_9_shape[] = {10, 4};
static const double ca_accumulate_x_9_data[] = {
    -2.254137787341573, -1.1941458934791596, -0.19273692593489777, 0.59057288314746,
    -0.9345062350111951, 0.1912469312928059, -1.0398576787508946, -1.519116580196629,
    0.7043155054831922, -0.2942651949903015, 0.45499017347756104, 1.0241590538221192,
    -1.4938043514911559, -0.9746932578005548, -2.6102263854903645, -1.2619407718620508,
    0.35965530805357426, -0.7627243112442874, 1.1899299350766903, -1.3598396533508041,
    0.1794304502479394, -1.4204036684087535, 0.7709475940319698, -0.46398618015436593,
    -1.7865372732906122, 0.3867206499112679, -1.5522560814759505, -0.2309460473599916,
    1.4739971149145312, -0.06773791454512619, 0.24998506739013507, -1.499844650850713,
    -1.4654865791975118, -1.9418231805868507, -0.13682789036806312, -1.6255469994059237,
    0.7806034898390923, -0.17611743322476564, 2.9519238757720054, 0.30605100880201674};
static const conf_array ca_accumulate_x[] = {
    {2, ca_accumulate_x_0_shape,
     ca_accumulate_x_0_data},
    {2, ca_accumulate_x_1_shape,
     ca_accumulate_x_1_data},
    {2, ca_accumulate_x_2_shape,
     ca_accumulate_x_2_data},
    {2, ca_accumulate_x_3_shape,
     ca_accumulate_x_3_data},
    {2, ca_accumulate_x_4_shape,
     ca_accumulate_x_4_data},
    {2, ca_accumulate_x_5_shape,
     ca_accumulate_x_5_data},
    {2, ca_accumulate_x_6_shape,
     ca_accumulate_x_6_data},
    {2, ca_accumulate_x_7_shape,
     ca_accumulate_x_7_data},
    {2, ca_accumulate_x_8_shape,
     ca_accumulate_x_8_data},
    {2, ca_accumulate_x_9_shape,
     ca_accumulate_x_9_data}};
static const int64_t ca_accumulate_out_0_shape[] = {4, 4};
static const double ca_accumulate_out_0_data[] = {
    -15.77825126688124, -5.97038452941107, -5.148230253430723, -4.662544622652475,
    -0.02929393863281487, -0.09727128101527915, -0.2368129401032723, 1.5647674484583687,
    1.1894055057567363, 1.8723708353880124, -0.7911962557147407, -4.142707179975099,
    -2.389042076503167, 1.6657035538333087, -0.3350700103788177, -3.250485092982733};
static const int64_t ca_accumulate_out_1_shape[] = {4};
static const double ca_accumulate_out_1_data[] = {
    29.67012283612123, -1.0790533227635, 2.693861695682666, 4.128953374884691};
static const int64_t ca_accumulate_out_2_shape[] = {4, 4};
static const double ca_accumulate_out_2_data[] = {
    16.478191027815875, 0.045640232572870865, 0.9833319673029335, 8.15938961807083,
    12.11411418120545, 0.0, 0.0, 1.8623885672203206, 16.478191027815875, 0.045640232572870865,
    0.9833319673029335, 8.15938961807083, 16.478191027815875, 0.045640232572870865,
    0.3135359497655401, 6.202184991835271};
static const int64_t ca_accumulate_out_3_shape[] = {4};
static const double ca_accumulate_out_3_data[] = {
    10.0, 7.0, 10.0, 9.0};
static const int64_t ca_accumulate_out_4_shape[] = {4, 4};
static const double ca_accumulate_out_4_data[] = {
    -20.094675531554525, -9.989465870274753, -0.5138982110923438, 6.107711716435598,
    2.3709612836236023, -4.962725783535545, 4.1690744235115655, -3.2915993852819003,
    6.101278212375082, 1.991116221093828, 0.6518228073027765, -15.175701083134049,
    -1.3788281764054333, 3.070511007470833, 0.3848860266875159, -4.998204462654392};
static const int64_t ca_accumulate_out_5_shape[] = {4};
static const double ca_accumulate_out_5_data[] = {
    40.58180569856472, 1.490759285824176, 8.114417012784362, 6.025084277717252};
static const int64_t ca_accumulate_out_6_shape[] = {4, 4};
static const double ca_accumulate_out_6_data[] = {
    19.45543438435635, 0.708903183207656, 3.1013143132434, 16.893575279055813, 15.091357537745928,
    4.915009054483749, 1.2089729752987695, 11.258447658597518, 19.45543438435635,
    5.392297121160966, 3.5717296390398436, 20.6309382453669, 19.45543438435635,
    0.2772553491033094, 0.3135359497655401, 10.79837028632047};
static const int64_t ca_accumulate_out_7_shape[] = {4};
static const double ca_accumulate_out_7_data[] = {
    18.0, 16.0, 20.0, 15.0};
static const int64_t ca_accumulate_out_8_shape[] = {4, 4};
static const double ca_accumulate_out_8_data[] = {
    -41.57393732632072, -13.382533881136542, -14.940410186091793, 8.534465064998654,
    1.535837751812375, -4.729027167824839, 3.4941839786248368, -3.0574080411621805,
    6.101278212375082, 1.991116221093828, 0.6518228073027765, -15.175701083134049,
    -2.3154585396584766, 3.648326699058031, 0.42404522887581153, -6.947721442461136};
static const int64_t ca_accumulate_out_9_shape[] = {4};
static const double ca_accumulate_out_9_data[] = {
    59.912547541847715, 1.0885581437944776, 8.114417012784362, 10.495536057601289};
static const int64_t ca_accumulate_out_10_shape[] = {4, 4};
static const double ca_accumulate_out_10_data[] = {
    38.350238521119195, 1.400348470770794, 3.1013143132434, 22.31758982185298, 17.922800762358403,
    5.606454342046886, 1.2089729752987695, 13.112331487566445, 38.350238521119195,
    6.083742408724104, 3.5717296390398436, 26.054952788164066, 38.350238521119195,
    0.9687006366664475, 0.3135359497655401, 16.222384829117637};
static const int64_t ca_accumulate_out_11_shape[] = {4};
static const double ca_accumulate_out_11_data[] = {
    28.0, 22.0, 30.0, 25.0};
static const int64_t ca_accumulate_out_12_shape[] = {4, 4};
static const double ca_accumulate_out_12_data[] = {
    -58.71354446644806, -18.42309681913896, -25.59190024914302, 12.123617202426852,
    1.535837751812375, -4.729027167824839, 3.4941839786248368, -3.0574080411621805,
    7.876544824366304, 0.528164158221289, -1.6695546934293921, -20.48472453543407,
    -3.8659504537744995, 4.550677922962565, -0.1302981403676412, -7.625318817048567};
static const int64_t ca_accumulate_out_13_shape[] = {4};
static const double ca_accumulate_out_13_data[] = {
    89.03411576775785, 1.0885581437944776, 10.107560965229869, 12.553339478376746};
static const int64_t ca_accumulate_out_14_shape[] = {4, 4};
static const double ca_accumulate_out_14_data[] = {
    55.508669020676635, 1.400348470770794, 4.262082253953705, 25.876951534878273,
    26.166846749010574, 5.606454342046886, 2.369740916009074, 15.022370228352143,
    55.508669020676635, 6.083742408724104, 4.732497579750148, 29.61431450118936,
    55.089074708321725, 0.9687006366664475, 0.3135359497655401, 18.869248898527978};
static const int64_t ca_accumulate_out_15_shape[] = {4};
static const double ca_accumulate_out_15_data[] = {
    38.0, 30.0, 40.0, 34.0};
static const int64_t ca_accumulate_out_16_shape[] = {4, 4};
static const double ca_accumulate_out_16_data[] = {
    -65.0604907798302, -19.359269203020954, -22.312138926181163, 7.035612495465799,
    2.164232469622312, -4.877686963886928, 2.714012029351315, -2.2755349516617196,
    7.7684579113489285, 0.5813582538467319, -1.7961090651729872, -20.71095660132772,
    -5.251380640762367, 5.5293165123596415, 0.49782300587951245, -10.057183403150129};
static const int64_t ca_accumulate_out_17_shape[] = {4};
static const double ca_accumulate_out_17_data[] = {
    104.15532812062109, 0.009504821030977606, 10.233542422373986, 15.533640664966104};
static const int64_t ca_accumulate_out_18_shape[] = {4, 4};
static const double ca_accumulate_out_18_data[] = {
    61.29295009029884, 1.5406493397423486, 5.172949699733837, 32.80441428324901,
    26.71264687976223, 5.606454342046886, 2.369740916009074, 17.99751693303851, 61.29295009029884,
    6.2240432776956585, 5.64336502553028, 36.5417772495601, 60.87335577794393, 1.109001505638002,
    1.2244033955456728, 25.796711646898714};
static const int64_t ca_accumulate_out_19_shape[] = {4};
static const double ca_accumulate_out_19_data[] = {
    48.0, 38.0, 50.0, 44.0};
static const int64_t ca_accumulate_out_20_shape[] = {4, 4};
static const double ca_accumulate_out_20_data[] = {
    -79.23189854533014, -31.765898333052153, -25.074567551174653, 6.259425712659176,
    2.450643855279563, -4.526297315564194, 2.4222720954482155, -1.8074361571361692,
    7.714794059923244, 0.9925580985664806, -1.6295008062480392, -20.886867235234565,
    -6.07536613824746, 8.027685304345953, 2.056079585944669, -12.806760173746664};
static const int64_t ca_accumulate_out_21_shape[] = {4};
static const double ca_accumulate_out_21_data[] = {
    137.1765276427542, -0.39269632099872087, 10.48550533666222, 19.42309308403558};
static const int64_t ca_accumulate_out_22_shape[] = {4, 4};
static const double ca_accumulate_out_22_data[] = {
    77.4729032756481, 2.61319844678997, 5.778343399732211, 42.51913891286707, 41.10487592448942,
    6.679003449094508, 2.369740916009074, 21.58632028234834, 77.4729032756481, 7.29659238474328,
    6.2487587255286545, 46.25650187917816, 77.05330896329319, 2.1815506126856237,
    1.8297970955440466, 35.511436276516775};
static const int64_t ca_accumulate_out_23_shape[] = {4};
static const double ca_accumulate_out_23_data[] = {
    58.0, 46.0, 60.0, 54.0};
static const int64_t ca_accumulate_out_24_shape[] = {4, 4};
static const double ca_accumulate_out_24_data[] = {
    -106.26904879074499, -53.61092890561653, -23.470786982737902, 18.94153902908556,
    4.652687811627895, -3.04541607823631, 1.4273120572527982, -2.2744295288406766,
    7.782271088662467, 1.218466441538276, -1.5655998116773, -20.957397538132554,
    -9.376252272060096, 9.894066703371998, 2.7363229552415302, -12.977041081930775};
static const int64_t ca_accumulate_out_25_shape[] = {4};
static const double ca_accumulate_out_25_data[] = {
    166.84665047887543, -1.8739507857919193, 10.611486793806336, 23.893544863919615};
static const int64_t ca_accumulate_out_26_shape[] = {4, 4};
static const double ca_accumulate_out_26_data[] = {
    100.78986615489254, 3.374507586037441, 5.838088233013399, 48.54415086532133,
    54.72883030627599, 7.224052625177517, 2.369740916009074, 23.054405187982617,
    100.78986615489254, 8.05790152399075, 6.308503558809842, 52.28151383163242,
    100.37027184253763, 2.942859751933095, 1.889541928825234, 41.53644822897103};
static const int64_t ca_accumulate_out_27_shape[] = {4};
static const double ca_accumulate_out_27_data[] = {
    68.0, 53.0, 70.0, 64.0};
static const int64_t ca_accumulate_out_28_shape[] = {4, 4};
static const double ca_accumulate_out_28_data[] = {
    -109.50540748877084, -58.678221666847975, -30.987576627478322, 12.678322029708637,
    4.6106095498174735, -1.252677138855261, 1.5879775133405318, -1.1031108351330574,
    7.782271088662467, 1.218466441538276, -1.5655998116773, -20.957397538132554, -8.0327222408504,
    11.632593049222013, 4.4183873266287215, -12.477593477049275};
static const int64_t ca_accumulate_out_29_shape[] = {4};
static const double ca_accumulate_out_29_data[] = {
    177.75833334131892, -3.0805542118810147, 10.611486793806336, 27.075574177600043};
static const int64_t ca_accumulate_out_30_shape[] = {4, 4};
static const double ca_accumulate_out_30_data[] = {
    107.21355612958847, 4.424532516835739, 5.838088233013399, 55.72202632975392,
    61.15252028097192, 8.274077555975815, 2.369740916009074, 30.232280652415213,
    107.21355612958847, 9.107926454789048, 6.308503558809842, 59.45938929606501,
    106.79396181723357, 3.9928846827313924, 1.889541928825234, 48.71432369340363};
static const int64_t ca_accumulate_out_31_shape[] = {4};
static const double ca_accumulate_out_31_data[] = {
    78.0, 63.0, 80.0, 74.0};
static const int64_t ca_accumulate_out_32_shape[] = {4, 4};
static const double ca_accumulate_out_32_data[] = {
    -120.16784394788462, -53.83387912856689, -42.97806811616842, 4.784053981902551,
    4.587890630472024, -1.247548595621993, 1.5802890137688739, -1.1484878122857873,
    6.047572096089734, 1.6758653642434518, -7.40955677052241, -33.25800861977008,
    -10.26570481778968, 14.089922880968317, 5.518570974959381, -15.477957984674282};
static const int64_t ca_accumulate_out_33_shape[] = {4};
static const double ca_accumulate_out_33_data[] = {
    199.3430426501916, -3.0646993787929118, 15.172510984790392, 30.86302914748539};
static const int64_t ca_accumulate_out_34_shape[] = {4, 4};
static const double ca_accumulate_out_34_data[] = {
    119.70469158226331, 4.988003076741445, 9.425659431865869, 66.91609412366157,
    65.71327999672975, 8.274077555975815, 3.3698775199587114, 33.90683037466609,
    119.70469158226331, 9.671397014694755, 9.896074757662312, 70.65345708997266,
    113.47511915674995, 3.9928846827313924, 1.889541928825234, 56.38357856040652};
static const int64_t ca_accumulate_out_35_shape[] = {4};
static const double ca_accumulate_out_35_data[] = {
    88.0, 70.0, 90.0, 82.0};
static const int64_t ca_accumulate_out_36_shape[] = {4, 4};
static const double ca_accumulate_out_36_data[] = {
    -150.22580238658037, -72.30465489395351, -61.83856010392087, -12.316242374857843,
    4.9289938521506595, -0.11667655252162534, 0.593925194350038, -0.9522207781444385,
    5.268378315718082, 1.7303566475771153, -7.652741562270392, -32.776326610372564,
    -12.569858569713148, 12.893524622038964, 4.820900624419752, -19.060374647729326};
static const int64_t ca_accumulate_out_37_shape[] = {4};
static const double ca_accumulate_out_37_data[] = {
    222.31101211428907, -3.8881315019689744, 14.849737612985583, 34.95660510696241};
static const int64_t ca_accumulate_out_38_shape[] = {4, 4};
static const double ca_accumulate_out_38_data[] = {
    149.5234459327424, 8.498710285634814, 9.873533303902363, 73.69349473750881, 72.06177954384819,
    13.079950140464085, 3.447908015773999, 41.282659232450655, 149.5234459327424,
    14.477269599183025, 10.343948629698806, 79.54453667930723, 143.29387350722902,
    8.798757267219663, 2.3374158008617276, 65.27465814974109};
static const int64_t ca_accumulate_out_39_shape[] = {4};
static const double ca_accumulate_out_39_data[] = {
    97.0, 76.0, 100.0, 92.0};
static const conf_array ca_accumulate_out[] = {
    {2, ca_accumulate_out_0_shape,
     ca_accumulate_out_0_data},
    {1, ca_accumulate_out_1_shape,
     ca_accumulate_out_1_data},
    {2, ca_accumulate_out_2_shape,
     ca_accumulate_out_2_data},
    {1, ca_accumulate_out_3_shape,
     ca_accumulate_out_3_data},
    {2, ca_accumulate_out_4_shape,
     ca_accumulate_out_4_data},
    {1, ca_accumulate_out_5_shape,
     ca_accumulate_out_5_data},
    {2, ca_accumulate_out_6_shape,
     ca_accumulate_out_6_data},
    {1, ca_accumulate_out_7_shape,
     ca_accumulate_out_7_data},
    {2, ca_accumulate_out_8_shape,
     ca_accumulate_out_8_data},
    {1, ca_accumulate_out_9_shape,
     ca_accumulate_out_9_data},
    {2, ca_accumulate_out_10_shape,
     ca_accumulate_out_10_data},
    {1, ca_accumulate_out_11_shape,
     ca_accumulate_out_11_data},
    {2, ca_accumulate_out_12_shape,
     ca_accumulate_out_12_data},
    {1, ca_accumulate_out_13_shape,
     ca_accumulate_out_13_data},
    {2, ca_accumulate_out_14_shape,
     ca_accumulate_out_14_data},
    {1, ca_accumulate_out_15_shape,
     ca_accumulate_out_15_data},
    {2, ca_accumulate_out_16_shape,
     ca_accumulate_out_16_data},
    {1, ca_accumulate_out_17_shape,
     ca_accumulate_out_17_data},
    {2, ca_accumulate_out_18_shape,
     ca_accumulate_out_18_data},
    {1, ca_accumulate_out_19_shape,
     ca_accumulate_out_19_data},
    {2, ca_accumulate_out_20_shape,
     ca_accumulate_out_20_data},
    {1, ca_accumulate_out_21_shape,
     ca_accumulate_out_21_data},
    {2, ca_accumulate_out_22_shape,
     ca_accumulate_out_22_data},
    {1, ca_accumulate_out_23_shape,
     ca_accumulate_out_23_data},
    {2, ca_accumulate_out_24_shape,
     ca_accumulate_out_24_data},
    {1, ca_accumulate_out_25_shape,
     ca_accumulate_out_25_data},
    {2, ca_accumulate_out_26_shape,
     ca_accumulate_out_26_data},
    {1, ca_accumulate_out_27_shape,
     ca_accumulate_out_27_data},
    {2, ca_accumulate_out_28_shape,
     ca_accumulate_out_28_data},
    {1, ca_accumulate_out_29_shape,
     ca_accumulate_out_29_data},
    {2, ca_accumulate_out_30_shape,
     ca_accumulate_out_30_data},
    {1, ca_accumulate_out_31_shape,
     ca_accumulate_out_31_data},
    {2, ca_accumulate_out_32_shape,
     ca_accumulate_out_32_data},
    {1, ca_accumulate_out_33_shape,
     ca_accumulate_out_33_data},
    {2, ca_accumulate_out_34_shape,
     ca_accumulate_out_34_data},
    {1, ca_accumulate_out_35_shape,
     ca_accumulate_out_35_data},
    {2, ca_accumulate_out_36_shape,
     ca_accumulate_out_36_data},
    {1, ca_accumulate_out_37_shape,
     ca_accumulate_out_37_data},
    {2, ca_accumulate_out_38_shape,
     ca_accumulate_out_38_data},
    {1, ca_accumulate_out_39_shape,
     ca_accumulate_out_39_data}};
static const int64_t ca_inplace_grad_params_0_shape[] = {4, 4};
static const double ca_inplace_grad_params_0_data[] = {
    0.058322259040418635, -1.3397166638346794, 0.12816116086355303, 0.668736995209763,
    -0.3209010141098202, 0.4033778341114485, 0.9503336084225946, 1.3105498976178076,
    1.345140471908426, -0.8983269259531653, -0.502345797937481, 0.26030269018667573,
    -0.09807759958689097, -0.25319247994950733, 2.5067915212597938, -0.9604585648315157};
static const int64_t ca_inplace_grad_params_1_shape[] = {4};
static const double ca_inplace_grad_params_1_data[] = {
    1.1458373007661, -1.324305205587274, 0.5102298142479489, -2.541297893467652};
static const conf_array ca_inplace_grad_params[] = {
    {2, ca_inplace_grad_params_0_shape,
     ca_inplace_grad_params_0_data},
    {1, ca_inplace_grad_params_1_shape,
     ca_inplace_grad_params_1_data}};
static const int64_t ca_inplace_grad_in_0_shape[] = {4, 4};
static const double ca_inplace_grad_in_0_data[] = {
    0.7812648884661842, 0.8138102763336071, 0.7824081777605626, 0.662842711225148,
    0.0649155464939365, 0.3116778900348455, 0.5750503360938158, 0.5475242037488843,
    0.9628807362162686, 0.2966485095577711, 0.8895981781847018, 0.4899437401344783,
    0.4873933593121733, 0.6310975432822282, 0.33217587265418846, 0.827529485407748};
static const int64_t ca_inplace_grad_in_1_shape[] = {4};
static const double ca_inplace_grad_in_1_data[] = {
    0.2625788510779735, 0.9036532564679812, 0.36133491173866095, 0.525171617872567};
static const int64_t ca_inplace_grad_in_2_shape[] = {10, 4};
static const double ca_inplace_grad_in_2_data[] = {
    2.9082069128794474, 1.4023959748969292, -2.202424521812873, -0.6943855871687704,
    -0.2744583196633491, 0.19091378659921293, -1.4129179693973049, 0.7205503211387021,
    1.4234655676171515, 0.36546460298947814, -2.2416507731212483, 0.27189024817471397,
    -0.8291609303988258, 0.3277184815795518, 1.3255846600794554, 1.0719039589185526,
    0.5514776260545398, 1.0129226700615594, -1.6434330222578861, -0.3665446508251995,
    -0.7943801480451194, -0.05179622366089119, -1.1147699563683977, -0.8055237216295019,
    0.35692009563644217, 1.2485355858317877, 0.07478882591792542, -0.2822043178093799,
    -1.1521390646570036, -0.898276524034227, 0.19370381311526447, -1.2751624132107966,
    0.5065026684549617, -0.3454285772957146, 0.6273559187864031, -0.617653184397959,
    0.12507921929359672, 0.29580194240781127, 0.49424515537287816, 0.028110712267528537};
static const int64_t ca_inplace_grad_in_3_shape[] = {4, 4};
static const double ca_inplace_grad_in_3_data[] = {
    0.16132726231453975, 0.7620535635656963, 0.14081401370583957, 0.8502375275834657,
    0.06078995390209585, 0.5497485660390314, 0.11768177218470499, 0.9619504431116773,
    0.8375581056832477, 0.005399481350321533, 0.6810523538981137, 0.4111375390885146,
    0.11281448407742267, 0.31604526361233265, 0.03704303247488805, 0.9939758013625195};
static const int64_t ca_inplace_grad_in_4_shape[] = {4};
static const double ca_inplace_grad_in_4_data[] = {
    0.953390526985565, 0.5731264480338816, 0.02756288514089844, 0.6121166327547017};
static const int64_t ca_inplace_grad_in_5_shape[] = {10, 4};
static const double ca_inplace_grad_in_5_data[] = {
    0.9691459278044868, -1.7467309174163357, 1.4357651334794514, -1.4928561210114246,
    1.5063377604628048, 0.22958102815995596, 1.0164757451289956, 0.9989089755097118,
    0.28122485210168563, -1.791501547689163, -1.0214288962240616, 0.5389298779144602,
    -0.19882181037475, -0.9830031321764677, -1.8051852864547766, -0.6120966502338245,
    -0.047221647684516525, 1.0491054824600612, -0.9940499481692505, 0.21718037592507533,
    1.3288898508604572, 0.9125928866972765, 1.4061418041633944, 0.34592737362715875,
    -0.5923522147293913, 0.8353347289579646, 0.6765224992973061, -0.030141600311293697,
    -1.3398443023870774, 1.7226307562537613, 0.14111635036336914, 0.003976619056753246,
    -1.0050540891719082, -0.4481317756830088, -0.11618970242237935, -0.2696163317341684,
    1.979598213080169, 0.6902100912385999, 0.00019234258201131997, -0.31445284471739227};
static const int64_t ca_inplace_grad_in_6_shape[] = {4, 4};
static const double ca_inplace_grad_in_6_data[] = {
    0.752680096278979, 0.6382620379753078, 0.977038481611712, 0.4900482933490169,
    0.6451171469692245, 0.018576388564294777, 0.3475904779686907, 0.025688200969376518,
    0.5993964057930917, 0.8602503190051173, 0.10422439491693447, 0.9000467494730547,
    0.7686107909027088, 0.05421401353015609, 0.3578308788236184, 0.3572809838468025};
static const int64_t ca_inplace_grad_in_7_shape[] = {4};
static const double ca_inplace_grad_in_7_data[] = {
    0.9797555017587347, 0.04007103353118868, 0.9689300992816227, 0.03760984504633824};
static const int64_t ca_inplace_grad_in_8_shape[] = {10, 4};
static const double ca_inplace_grad_in_8_data[] = {
    0.01714082199293835, 0.7251525251313354, 0.9538312432357794, -1.3806804808905884,
    1.2887851566555086, -0.8696272776989149, 2.2897877993574833, 0.1975072843161518,
    -0.14282220456737482, -1.4189897667655296, 0.17074146940406026, 0.5925855475117076,
    1.4119517303482894, 0.8588755836020633, -0.05553347419279679, 0.26012166448358204,
    1.0928731590773717, 0.43841714458476705, -1.1061625510531319, -0.2603608282294725,
    2.096268591569695, 1.807614660808024, -1.759693474296706, -0.317202635483533,
    0.9882054104533622, 0.03526873862234224, 0.7442638302595084, -0.6364971820938595,
    1.2270232782252888, 0.7893171051076971, -2.940827393713984, 0.5670713823937364,
    -1.8253219946845016, -0.6326370793119863, 2.3252617561317144, -0.5710860118858222,
    1.2155937643553243, -0.86171983905281, 0.43199844726880227, 0.4245020810965385};
static const int64_t ca_inplace_grad_in_9_shape[] = {4, 4};
static const double ca_inplace_grad_in_9_data[] = {
    0.4637901736393383, 0.93355131877169, 0.6222736954927057, 0.2773470327141211,
    0.7759893009046271, 0.6731904160051838, 0.47042872879299946, 0.6427762814539743,
    0.48908091113078855, 0.8018414451600614, 0.6762005656438226, 0.8560110475623071,
    0.47677708163725896, 0.3285861235333094, 0.09336575658612334, 0.46078567772785406};
static const int64_t ca_inplace_grad_in_10_shape[] = {4};
static const double ca_inplace_grad_in_10_data[] = {
    0.23547040472446956, 0.08826755323970159, 0.7292016003137629, 0.7370209657977244};
static const int64_t ca_inplace_grad_in_11_shape[] = {10, 4};
static const double ca_inplace_grad_in_11_data[] = {
    0.5271826864538474, -0.18720551056730234, -0.28778045615030035, -0.23746817940747644,
    2.071662665760899, 0.9461379478454996, 1.0621010598556053, 0.8144374031104155,
    0.19911448640438903, 1.4103574262854914, -1.0423836221507796, 0.5384963295755274,
    -0.5163091588242477, -1.3153459494459339, -0.3141536420705319, -1.0356806498181483,
    1.3911631600598795, 0.9023202670379434, 0.8915890867589268, 0.8948164964705193,
    0.21866751798577425, 1.3094075814216974, -1.3572644423252038, 1.5501888172255558,
    1.7346128222006916, 1.5732222245768992, 0.2912737575586327, 0.4731045250678868,
    2.0266028176895277, 0.8327035694323206, -0.775734912063443, 0.8753019913886749,
    -2.8577621760840786, -1.6280356698844107, 0.5480087280082911, 0.7044727797212798,
    -0.14337705710209947, 1.6485712526779919, -0.7320832366499924, -0.8735792431367176};
static const int64_t ca_inplace_grad_in_12_shape[] = {4, 4};
static const double ca_inplace_grad_in_12_data[] = {
    0.6812925646507285, 0.6249942381616048, 0.924628679447547, 0.8839976091935229,
    0.20983799725037622, 0.9297738040980514, 0.19127078688046018, 0.9917029631286138,
    0.3855031160000393, 0.6061039766654139, 0.9632552602001503, 0.2073167420551878,
    0.017083753286123216, 0.7673741275310385, 0.11437089590741223, 0.9063493944919286};
static const int64_t ca_inplace_grad_in_13_shape[] = {4};
static const double ca_inplace_grad_in_13_data[] = {
    0.2980496988114426, 0.8472407346015672, 0.8310837583775686, 0.10686567214009124};
static const int64_t ca_inplace_grad_in_14_shape[] = {10, 4};
static const double ca_inplace_grad_in_14_data[] = {
    -0.14679472469848204, -1.200278812931565, 0.3866115869587573, -0.6093345654320981,
    1.1383289175755902, 0.8582624012057726, -0.46097051304874864, 1.7629186982782459,
    -0.7102216652632405, -0.22524541734435893, 0.7977183811526553, -0.7068643810677355,
    0.37376913421769287, -1.3027489164653967, 1.2742031254839854, -2.038347292935096,
    -0.07530328318509169, 0.28845607617832053, 1.2518438634890101, -0.7419056719508071,
    -0.27989725230326445, -1.12302405748755, -0.5814120085870711, -0.5158434999915371,
    0.2002229688873028, 0.2175020068987898, -0.14729451307376765, -0.47827717863569935,
    0.22797282398420438, -1.5955507401454523, -0.2163828420707075, -0.21135901530802295,
    -0.14304410149820065, -0.06379586511969036, -0.7378106454681708, -0.2647253929753734,
    -1.272281776265164, 0.1394448723024567, 0.41301309483346504, 0.19916167247494054};
static const int64_t ca_inplace_grad_in_15_shape[] = {4, 4};
static const double ca_inplace_grad_in_15_data[] = {
    0.16334218949531143, 0.3511176527084201, 0.9264645051335875, 0.7972166419012923,
    0.2459935273692957, 0.858424629662937, 0.3524127730708049, 0.687657910745116,
    0.3375410197573061, 0.8851395148587312, 0.1365573091086978, 0.0788038598696501,
    0.8938816184581646, 0.5724871682850522, 0.15108349257018983, 0.8698899990049775};
static const int64_t ca_inplace_grad_in_16_shape[] = {4};
static const double ca_inplace_grad_in_16_data[] = {
    0.7031021519210258, 0.8859788488429429, 0.42991754944718397, 0.9912156888396078};
static const int64_t ca_inplace_grad_in_17_shape[] = {10, 4};
static const double ca_inplace_grad_in_17_data[] = {
    0.36957030233565763, -0.32680816005676144, -0.026834444254074722, 1.1703037904688083,
    -0.2512570946202621, -0.3729804537392804, 0.8453130393193973, 0.8149538522556271,
    -0.7414513664148354, -0.256387248100379, 0.7208291358422176, 1.915845651477233,
    -1.1390490975784628, -0.3463793231497787, 1.9354130355884043, 0.9066526343566924,
    0.3422919149144512, 0.4709631611740333, 0.5037074317742792, 1.6438173037080936,
    -0.3774054620339623, 1.977251555931004, -0.27676928616410973, -0.14418318434988336,
    -1.209432213732525, -1.633807417815234, -1.723508161257588, -0.4202091861301198,
    1.5222917224475718, -0.35353058263875137, 0.37810343523094553, 0.8523975043299298,
    -1.962315376508409, -0.12071679498810436, -0.3442822705172023, -0.08928612109907809,
    -0.47886103036052646, 1.0331268093111001, 0.916389529763153, -1.1814014997790316};
static const int64_t ca_inplace_grad_in_18_shape[] = {4, 4};
static const double ca_inplace_grad_in_18_data[] = {
    0.16152246760319655, 0.974649791543591, 0.4144300244842165, 0.49372383607354486,
    0.7895809314432124, 0.5392400922484949, 0.009436994334949267, 0.5459696194367069,
    0.013712445172205712, 0.9307716297753712, 0.31811176935849406, 0.238114046592652,
    0.8602540644759484, 0.5759006153806541, 0.7281150793635492, 0.05215450182047621};
static const int64_t ca_inplace_grad_in_19_shape[] = {4};
static const double ca_inplace_grad_in_19_data[] = {
    0.8152046209116321, 0.7202656899852787, 0.5406481590094305, 0.1233666909404767};
static const int64_t ca_inplace_grad_in_20_shape[] = {10, 4};
static const double ca_inplace_grad_in_20_data[] = {
    0.6552202638789759, 0.9619683648709152, -1.3906481692178085, -1.0406049440050715,
    0.012049722168049249, -0.6994797617830695, 0.7617907600088891, 0.5738143037336674,
    0.13972551228808702, 0.6001708286925559, -0.39093245016652545, 0.6720303052850303,
    -1.687228831796166, -0.12991130505307752, 0.9814169971541975, -0.5338714515305597,
    0.08965799920663525, -1.2363694211455334, -0.19661106614548227, -0.269007867517689,
    -0.8754013603816538, 1.3975080000000824, -1.7029682424988375, 0.41573861609339297,
    0.358962284951802, -1.2612592647168168, 0.5285974592458628, 0.31419043178400224,
    -0.9390563727782878, -0.4147131165886335, 1.3237912804406087, -0.15854468785794615,
    -0.8396755835964774, -0.5334909025621855, 1.7752016855786281, 1.4990528428179408,
    -1.4413365164333918, 0.5530637262410857, -0.501601976969677, 0.7053234226995723};
static const int64_t ca_inplace_grad_in_21_shape[] = {4, 4};
static const double ca_inplace_grad_in_21_data[] = {
    0.9933944595525024, 0.7626645764585066, 0.5771574489689668, 0.1332556528720552,
    0.23534940986063901, 0.08109268199412956, 0.4149105118450245, 0.960074838280775,
    0.6009128898557884, 0.4004270198652171, 0.0342623981432052, 0.5386287677764601,
    0.15568906654828896, 0.17849203082635767, 0.30566171098776995, 0.7543133614398704};
static const int64_t ca_inplace_grad_in_22_shape[] = {4};
static const double ca_inplace_grad_in_22_data[] = {
    0.3542949945477941, 0.2779752629638853, 0.04499531790956646, 0.1956509816801142};
static const int64_t ca_inplace_grad_in_23_shape[] = {10, 4};
static const double ca_inplace_grad_in_23_data[] = {
    -0.8459000848678829, 4.005302346663801, -0.27745174291857877, 0.12732456234267145,
    -0.2610784445134332, -0.19408994276704683, -1.031467568357862, 1.2200120414652489,
    0.2676475576316504, -1.4419338137638087, -0.09122518050376267, 0.4676050565474432,
    0.3387763903974424, 0.2919197304909538, 0.4213758475053537, -0.3259839688493975,
    -1.3831214530250846, -0.6297811442964031, -0.2616270607857838, -0.903309655862633,
    2.698756987299946, -0.3627651461041192, 0.6380286891157994, -0.009732376191719724,
    0.8028254150428972, -0.3202829575374176, 0.23038967720956663, 0.813323250079512,
    0.7891964337432715, -0.16141065849479827, 0.4706105369571368, 1.4458858876825476,
    -0.10646536868237387, 0.14322026154898018, -0.5071365506283547, 0.6577499840719605,
    0.6158656329319503, 0.33488116576503313, -0.3801926077372619, -0.3999886633692979};
static const int64_t ca_inplace_grad_in_24_shape[] = {4, 4};
static const double ca_inplace_grad_in_24_data[] = {
    0.1038525141315021, 0.49713839868107457, 0.07637211172232716, 0.39224770528247666,
    0.23574450735976693, 0.27888639365669055, 0.9157266776778891, 0.1067465823963355,
    0.18763230313185708, 0.868017431392158, 0.588147585062708, 0.20418985364860698,
    0.6321571213206022, 0.09985771249114384, 0.9317575283151633, 0.62238329282564};
static const int64_t ca_inplace_grad_in_25_shape[] = {4};
static const double ca_inplace_grad_in_25_data[] = {
    0.23596842374713034, 0.6887898846874241, 0.8536388771229206, 0.6753326296322348};
static const int64_t ca_inplace_grad_in_26_shape[] = {10, 4};
static const double ca_inplace_grad_in_26_data[] = {
    -1.2454950186373381, 4.020915749044919, 0.1674740993336039, -0.4243988745454384,
    1.5264482036415763, -0.6018770466978748, 1.0752392153256978, -0.027747860069749008,
    -0.6092867571922687, -0.5116383660746447, 0.7629122087825918, -0.5122718136741781,
    -1.577698445424112, 1.0290538411972119, -0.1838793431748593, 0.5371382657325693,
    -1.2513216528464295, 0.7846331026557986, 0.15234670923750987, -1.157437010072936,
    -1.2676072838609325, -0.7228731187158586, 0.14052876915721646, 1.7962144538075089,
    -0.8993872323421688, -1.0926119858633916, -0.44038299530142316, -1.0986557620477313,
    -1.5891296625808191, 1.6006195844638023, -1.8959645912182312, -0.2077537411366879,
    0.14941011188548972, 0.33015799613811253, 1.499951862798723, -0.12822970859316865,
    -0.5012247954890369, 0.5432655499174003, 1.4115667970662114, 1.2745622047216159};
static const int64_t ca_inplace_grad_in_27_shape[] = {4, 4};
static const double ca_inplace_grad_in_27_data[] = {
    0.6455892264850402, 0.819773105829872, 0.07592756401730527, 0.07598165682411606,
    0.9405985118458852, 0.49099369230721746, 0.09411665671450942, 0.7555291765603893,
    0.7852073855254585, 0.6543210803177015, 0.1259791267731204, 0.7823134803887142,
    0.42363884122475937, 0.283136794242974, 0.23735875182394184, 0.7538983252519785};
static const int64_t ca_inplace_grad_in_28_shape[] = {4};
static const double ca_inplace_grad_in_28_data[] = {
    0.8328584906741939, 0.5649943363178674, 0.04571393749137542, 0.09706476900631822};
static const int64_t ca_inplace_grad_in_29_shape[] = {10, 4};
static const double ca_inplace_grad_in_29_data[] = {
    0.2222315711205357, 0.26598171494427764, 0.8709761118311905, -0.559417184367256,
    0.11167846951287234, 1.580740833918245, 0.19060066593881825, 0.6848625970715437,
    0.7796266235175036, 0.729931012382813, -1.0577861133617543, 0.051952369023293206,
    0.4784041698067602, 0.45390932299382397, -1.0949934385916928, 0.48707552383374614,
    0.5491518778172791, 1.0713206160662696, 2.9691809793271227, -1.1134426127829993,
    -1.2349675216875278, -0.8295969125834156, 0.31393965349226255, -1.1619019851198786,
    1.0097524259182444, -0.8882410700188671, 0.9608878305893948, -0.285351864499713,
    0.5230295276203006, -0.36692894247968355, 1.0776439425150326, 0.22683782265857685,
    0.6197043998657422, 0.368008737482628, 0.320521937133332, 0.16950855416599345,
    0.3159994739808141, 0.6327275962489587, -0.8916082392195233, 0.4466503371886138};
static const conf_array ca_inplace_grad_in[] = {
    {2, ca_inplace_grad_in_0_shape,
     ca_inplace_grad_in_0_data},
    {1, ca_inplace_grad_in_1_shape,
     ca_inplace_grad_in_1_data},
    {2, ca_inplace_grad_in_2_shape,
     ca_inplace_grad_in_2_data},
    {2, ca_inplace_grad_in_3_shape,
     ca_inplace_grad_in_3_data},
    {1, ca_inplace_grad_in_4_shape,
     ca_inplace_grad_in_4_data},
    {2, ca_inplace_grad_in_5_shape,
     ca_inplace_grad_in_5_data},
    {2, ca_inplace_grad_in_6_shape,
     ca_inplace_grad_in_6_data},
    {1, ca_inplace_grad_in_7_shape,
     ca_inplace_grad_in_7_data},
    {2, ca_inplace_grad_in_8_shape,
     ca_inplace_grad_in_8_data},
    {2, ca_inplace_grad_in_9_shape,
     ca_inplace_grad_in_9_data},
    {1, ca_inplace_grad_in_10_shape,
     ca_inplace_grad_in_10_data},
    {2, ca_inplace_grad_in_11_shape,
     ca_inplace_grad_in_11_data},
    {2, ca_inplace_grad_in_12_shape,
     ca_inplace_grad_in_12_data},
    {1, ca_inplace_grad_in_13_shape,
     ca_inplace_grad_in_13_data},
    {2, ca_inplace_grad_in_14_shape,
     ca_inplace_grad_in_14_data},
    {2, ca_inplace_grad_in_15_shape,
     ca_inplace_grad_in_15_data},
    {1, ca_inplace_grad_in_16_shape,
     ca_inplace_grad_in_16_data},
    {2, ca_inplace_grad_in_17_shape,
     ca_inplace_grad_in_17_data},
    {2, ca_inplace_grad_in_18_shape,
     ca_inplace_grad_in_18_data},
    {1, ca_inplace_grad_in_19_shape,
     ca_inplace_grad_in_19_data},
    {2, ca_inplace_grad_in_20_shape,
     ca_inplace_grad_in_20_data},
    {2, ca_inplace_grad_in_21_shape,
     ca_inplace_grad_in_21_data},
    {1, ca_inplace_grad_in_22_shape,
     ca_inplace_grad_in_22_data},
    {2, ca_inplace_grad_in_23_shape,
     ca_inplace_grad_in_23_data},
    {2, ca_inplace_grad_in_24_shape,
     ca_inplace_grad_in_24_data},
    {1, ca_inplace_grad_in_25_shape,
     ca_inplace_grad_in_25_data},
    {2, ca_inplace_grad_in_26_shape,
     ca_inplace_grad_in_26_data},
    {2, ca_inplace_grad_in_27_shape,
     ca_inplace_grad_in_27_data},
    {1, ca_inplace_grad_in_28_shape,
     ca_inplace_grad_in_28_data},
    {2, ca_inplace_grad_in_29_shape,
     ca_inplace_grad_in_29_data}};
static const int64_t ca_inplace_grad_out_0_shape[] = {4, 4};
static const double ca_inplace_grad_out_0_data[] = {
    -0.21382611893240344, 0.6982077649188285, -1.346040973772387, 0.05695863248638755,
    -0.7642453839048893, 0.6393963716143973, 1.9006349961732711, 1.619428162667437,
    6.203154410852617, 3.2187189092170483, -5.489227034245329, -0.1680884006765061,
    0.4873933593121733, 0.6310975432822282, 0.33217587265418846, 0.827529485407748};
static const int64_t ca_inplace_grad_out_1_shape[] = {4};
static const double ca_inplace_grad_out_1_data[] = {
    7.262578851077974, 1.9036532564679813, 6.361334911738661, 0.525171617872567};
static const int64_t ca_inplace_grad_out_2_shape[] = {4, 4};
static const double ca_inplace_grad_out_2_data[] = {
    4.430295752348094, -1.539595074345482, 1.7331076532557812, 0.014840206626693053,
    2.8960175652253577, 1.6919224808962636, 2.540299321477095, 2.306786792248548,
    6.656711251933584, -1.6343466273757512, 0.7189632484038778, 0.09267852610227928,
    2.410850262742367, -0.5180927671067266, 2.878949970117734, -0.15295294602174647};
static const int64_t ca_inplace_grad_out_3_shape[] = {4};
static const double ca_inplace_grad_out_3_data[] = {
    8.953390526985565, 2.5731264480338814, 7.027562885140899, 2.612116632754702};
static const int64_t ca_inplace_grad_out_4_shape[] = {4, 4};
static const double ca_inplace_grad_out_4_data[] = {
    6.008968396142248, -1.022833352937063, 2.8365683650733677, 1.063892230941579,
    0.10858030894023152, -1.4836879684466062, 4.962640033457888, -0.34789052660029385,
    9.777275291910557, 1.6394066682127568, -2.12120095204983, 1.7277740634679062,
    0.2492147748666541, -0.7228978183494097, 5.926711677548596, -1.396978224613456};
static const int64_t ca_inplace_grad_out_5_shape[] = {4};
static const double ca_inplace_grad_out_5_data[] = {
    8.979755501758735, 2.0400710335311887, 8.968930099281623, 3.0376098450463385};
static const int64_t ca_inplace_grad_out_6_shape[] = {4, 4};
static const double ca_inplace_grad_out_6_data[] = {
    3.3249976866809403, 1.7935335546115039, 0.3890391175060499, 3.8434156914049415,
    1.381052950641327, 0.893612961004216, 2.9721276034158226, 3.056502960756189,
    8.141777908861549, 6.273439001746677, -0.8561526049432713, 4.729207781175262,
    0.47677708163725896, 0.3285861235333094, 0.09336575658612334, 0.46078567772785406};
static const int64_t ca_inplace_grad_out_7_shape[] = {4};
static const double ca_inplace_grad_out_7_data[] = {
    7.235470404724469, 3.0882675532397017, 8.729201600313763, 0.7370209657977244};
static const int64_t ca_inplace_grad_out_8_shape[] = {4, 4};
static const double ca_inplace_grad_out_8_data[] = {
    -0.005956393897924572, -3.3819842147470687, 2.9041482091169546, -2.7205790183496603,
    1.3481669148259665, 1.7880362053038241, -0.26969972616828847, 2.7546216614068597,
    1.7560608821648822, -3.6035300073796788, 0.48019945039442746, -2.1476515049443936,
    -0.3946720609445161, -0.4721641301003966, 3.438136266033063, -2.58076795146171};
static const int64_t ca_inplace_grad_out_9_shape[] = {4};
static const double ca_inplace_grad_out_9_data[] = {
    10.298049698811443, 1.8472407346015673, 7.831083758377568, 3.106865672140091};
static const int64_t ca_inplace_grad_out_10_shape[] = {4, 4};
static const double ca_inplace_grad_out_10_data[] = {
    -2.9060090196615023, -2.588529166605836, 3.2152057068599667, 7.591692071268479,
    -1.5434721163298133, 0.35364076584753223, 4.357675415595103, 5.968927352542762,
    1.1110056511021997, -1.3310239382172626, 0.11333860992165706, 4.140067124501988,
    -0.7240285094808248, 1.2592346544463737, 3.002886057921747, 0.5951411335826383};
static const int64_t ca_inplace_grad_out_11_shape[] = {4};
static const double ca_inplace_grad_out_11_data[] = {
    8.703102151921026, 4.885978848842943, 5.429917549447184, 2.991215688839608};
static const int64_t ca_inplace_grad_out_12_shape[] = {4, 4};
static const double ca_inplace_grad_out_12_data[] = {
    -4.145379318386553, -2.147339425372084, 4.696082713630719, 3.2967111354875627,
    -0.05009465215326503, 0.005749189686309442, 1.7846386799135774, 2.045022462254648,
    1.2693282276657551, -0.7041976243065775, -0.36969169691657033, 0.48853627587259135,
    -2.6057067236949827, -0.5022147088232425, 4.808525042536983, 0.8587912052499111};
static const int64_t ca_inplace_grad_out_13_shape[] = {4};
static const double ca_inplace_grad_out_13_data[] = {
    8.815204620911633, 1.7202656899852786, 5.5406481590094305, 3.1233666909404767};
static const int64_t ca_inplace_grad_out_14_shape[] = {4, 4};
static const double ca_inplace_grad_out_14_data[] = {
    4.755797610378768, -1.5775779287001197, 0.06591323174379826, 3.0988172084457197,
    0.17864575873602762, 3.9249843701631324, 0.6080693058835824, 2.533285288305994,
    5.746437493707139, -1.3100343409970066, -0.21535475829617962, 4.407499979212758,
    0.15568906654828896, 0.17849203082635767, 0.30566171098776995, 0.7543133614398704};
static const int64_t ca_inplace_grad_out_15_shape[] = {4};
static const double ca_inplace_grad_out_15_data[] = {
    9.354294994547795, 2.2779752629638854, 8.044995317909567, 0.1956509816801142};
static const int64_t ca_inplace_grad_out_16_shape[] = {4, 4};
static const double ca_inplace_grad_out_16_data[] = {
    -3.0754936846499508, -0.5293847314179704, 4.342308626376485, 2.2332574851593434,
    -4.2068709241661635, 5.479406411238475, 3.951368862858785, 3.1620329235194222,
    0.8146932744312646, -0.8264716011691084, 1.2230038050869827, -0.9222137684688733,
    1.6987286796553995, -0.6834997041432632, 4.2698608152221755, -0.045866089511455765};
static const int64_t ca_inplace_grad_out_17_shape[] = {4};
static const double ca_inplace_grad_out_17_data[] = {
    7.2359684237471305, 5.688789884687424, 2.8536388771229206, 3.675332629632235};
static const int64_t ca_inplace_grad_out_18_shape[] = {4, 4};
static const double ca_inplace_grad_out_18_data[] = {
    3.3593698966274137, 1.1855645648004072, 0.5755092484055472, -0.5486647702925082,
    1.6014288591760366, 3.1430551422917317, 3.2538983019804504, 0.3269491608489338,
    4.511724006234824, 1.5837277369273746, -0.5593549541620908, 1.8789862227592244,
    2.2047747160808187, 0.7321980552346541, 5.038403673571651, -1.2043133363979899};
static const int64_t ca_inplace_grad_out_19_shape[] = {4};
static const double ca_inplace_grad_out_19_data[] = {
    8.832858490674194, 2.5649943363178673, 6.045713937491375, 3.097064769006318};
static const conf_array ca_inplace_grad_out[] = {
    {2, ca_inplace_grad_out_0_shape,
     ca_inplace_grad_out_0_data},
    {1, ca_inplace_grad_out_1_shape,
     ca_inplace_grad_out_1_data},
    {2, ca_inplace_grad_out_2_shape,
     ca_inplace_grad_out_2_data},
    {1, ca_inplace_grad_out_3_shape,
     ca_inplace_grad_out_3_data},
    {2, ca_inplace_grad_out_4_shape,
     ca_inplace_grad_out_4_data},
    {1, ca_inplace_grad_out_5_shape,
     ca_inplace_grad_out_5_data},
    {2, ca_inplace_grad_out_6_shape,
     ca_inplace_grad_out_6_data},
    {1, ca_inplace_grad_out_7_shape,
     ca_inplace_grad_out_7_data},
    {2, ca_inplace_grad_out_8_shape,
     ca_inplace_grad_out_8_data},
    {1, ca_inplace_grad_out_9_shape,
     ca_inplace_grad_out_9_data},
    {2, ca_inplace_grad_out_10_shape,
     ca_inplace_grad_out_10_data},
    {1, ca_inplace_grad_out_11_shape,
     ca_inplace_grad_out_11_data},
    {2, ca_inplace_grad_out_12_shape,
     ca_inplace_grad_out_12_data},
    {1, ca_inplace_grad_out_13_shape,
     ca_inplace_grad_out_13_data},
    {2, ca_inplace_grad_out_14_shape,
     ca_inplace_grad_out_14_data},
    {1, ca_inplace_grad_out_15_shape,
     ca_inplace_grad_out_15_data},
    {2, ca_inplace_grad_out_16_shape,
     ca_inplace_grad_out_16_data},
    {1, ca_inplace_grad_out_17_shape,
     ca_inplace_grad_out_17_data},
    {2, ca_inplace_grad_out_18_shape,
     ca_inplace_grad_out_18_data},
    {1, ca_inplace_grad_out_19_shape,
     ca_inplace_grad_out_19_data}};
static const int64_t ca_accuracy_in_0_shape[] = {1, 2};
static const double ca_accuracy_in_0_data[] = {
    -0.8140565146811066, 0.6089799829018094};
static const int64_t ca_accuracy_in_1_shape[] = {2, 1};
static const double ca_accuracy_in_1_data[] = {
    -0.1402278090920658, -1.937013173173189};
static const int64_t ca_accuracy_in_2_shape[] = {2, 2};
static const double ca_accuracy_in_2_data[] = {
    -0.24267674615374274, -0.3298183218892767, -1.2490665926354108, 1.6315226478914298};
static const conf_array ca_accuracy_in[] = {
    {2, ca_accuracy_in_0_shape,
     ca_accuracy_in_0_data},
    {2, ca_accuracy_in_1_shape,
     ca_accuracy_in_1_data},
    {2, ca_accuracy_in_2_shape,
     ca_accuracy_in_2_data}};
static const int64_t ca_accuracy_out_0_shape[] = {1, 2};
static const double ca_accuracy_out_0_data[] = {
    3.098710398354032, -2.703953572763644};
static const int64_t ca_accuracy_out_1_shape[] = {2, 1};
static const double ca_accuracy_out_1_data[] = {
    2.007075261365458, 2.007075261365458};
static const conf_array ca_accuracy_out[] = {
    {2, ca_accuracy_out_0_shape,
     ca_accuracy_out_0_data},
    {2, ca_accuracy_out_1_shape,
     ca_accuracy_out_1_data}};
static const int64_t ca_custom_out_0_shape[] = {10};
static const double ca_custom_out_0_data[] = {
    1.0, 0.5403023058681398, -0.4161468365471424, -0.9899924966004454, -0.6536436208636119,
    0.28366218546322625, 0.960170286650366, 0.7539022543433046, -0.14550003380861354,
    -0.9111302618846769};
static const int64_t ca_custom_out_1_shape[] = {10};
static const double ca_custom_out_1_data[] = {
    0.0, 0.4546487134128409, -0.37840124765396416, -0.13970774909946293, 0.4946791233116909,
    -0.2720105554446849, -0.26828645900021747, 0.4953036778474351, -0.14395165833253265,
    -0.375493623385838};
static const int64_t ca_custom_out_2_shape[] = {10};
static const double ca_custom_out_2_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0};
static const int64_t ca_custom_out_3_shape[] = {10};
static const double ca_custom_out_3_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0};
static const int64_t ca_custom_out_4_shape[] = {100};
static const double ca_custom_out_4_data[] = {
    1.0, 0.5403023058681398, -0.4161468365471424, -0.9899924966004454, -0.6536436208636119,
    0.28366218546322625, 0.960170286650366, 0.7539022543433046, -0.14550003380861354,
    -0.9111302618846769, -0.8390715290764524, 0.004425697988050785, 0.8438539587324921,
    0.9074467814501962, 0.1367372182078336, -0.7596879128588213, -0.9576594803233847,
    -0.27516333805159693, 0.6603167082440802, 0.9887046181866692, 0.40808206181339196,
    -0.5477292602242684, -0.9999608263946371, -0.5328330203333975, 0.424179007336997,
    0.9912028118634736, 0.6469193223286404, -0.2921388087338362, -0.9626058663135666,
    -0.7480575296890003, 0.15425144988758405, 0.9147423578045313, 0.8342233605065102,
    -0.013276747223059479, -0.8485702747846052, -0.9036922050915067, -0.12796368962740468,
    0.7654140519453434, 0.9550736440472949, 0.26664293235993725, -0.6669380616522619,
    -0.9873392775238264, -0.39998531498835127, 0.5551133015206257, 0.9998433086476912,
    0.5253219888177297, -0.4321779448847783, -0.9923354691509287, -0.6401443394691997,
    0.3005925437436371, 0.9649660284921133, 0.7421541968137826, -0.16299078079570548,
    -0.9182827862121189, -0.8293098328631502, 0.022126756261955736, 0.8532201077225842,
    0.8998668269691937, 0.11918013544881928, -0.7710802229758452, -0.9524129804151563,
    -0.25810163593826746, 0.6735071623235862, 0.9858965815825497, 0.39185723042955,
    -0.562453851238172, -0.99964745596635, -0.5177697997895051, 0.4401430224960407,
    0.9933903797222716, 0.6333192030862999, -0.3090227281660707, -0.9672505882738824,
    -0.7361927182273159, 0.17171734183077755, 0.9217512697247493, 0.8243313311075577,
    -0.03097503173121646, -0.8578030932449878, -0.8959709467909631, -0.11038724383904756,
    0.7766859820216312, 0.9496776978825432, 0.24954011797333814, -0.6800234955873388,
    -0.9843766433940419, -0.38369844494974187, 0.569750334265312, 0.9993732836951247,
    0.5101770449416689, -0.4480736161291701, -0.9943674609282015, -0.626444447910339,
    0.31742870151970165, 0.9694593666699876, 0.7301735609948197, -0.18043044929108396,
    -0.9251475365964139, -0.8192882452914593, 0.0398208803931389};
static const int64_t ca_custom_out_5_shape[] = {100};
static const double ca_custom_out_5_data[] = {
    0.0, 0.4546487134128409, -0.37840124765396416, -0.13970774909946293, 0.4946791233116909,
    -0.2720105554446849, -0.26828645900021747, 0.4953036778474351, -0.14395165833253265,
    -0.375493623385838, 0.4564726253638138, -0.004425654645201938, -0.4527891810033119,
    0.38127922523980134, 0.13545289415393452, -0.4940158120464309, 0.2757133406208453,
    0.2645413430600119, -0.49588942672155784, 0.14818428935469266, 0.37255658023967436,
    -0.4582607739578169, 0.008850962552706789, 0.45089417382440455, -0.3841273306618334,
    -0.13118742685196438, 0.4933137960202426, -0.27939452442580814, -0.260775501043456,
    0.49643632404226856, -0.15240531055110834, -0.36959034832461146, 0.46001301909839537,
    -0.013275577011983397, -0.44896384034464565, 0.38694534077894455, 0.12691168138101813,
    -0.49257313023412375, 0.28305381844909017, 0.2569892279937676, -0.49694432696168767,
    0.15661439121654258, 0.36659516003664605, -0.4617292235020299, 0.01769915136683034,
    0.446998331800279, -0.38973303480790233, -0.12262599273382717, 0.4917938727171724,
    -0.28669093599521145, -0.2531828205548794, 0.49741339567920323, -0.16081120158126547,
    -0.3635712500404263, 0.46340925270889255, -0.022121339042535482, -0.44499780218341667,
    0.39249019434065524, 0.11833069668214301, -0.4909760845220417, 0.29030559210615714,
    0.24935657694819705, -0.49784349344458967, 0.164995412836891, 0.36051885525086574,
    -0.46505297509338084, 0.02654179357302912, 0.44296240822997424, -0.3952166033614444,
    -0.1140261297504306, 0.4901198297201558, -0.29389750358370326, -0.24551079694923464,
    0.49823458656088687, -0.16916669716213825, -0.3574382148145823, 0.46666026187443094,
    -0.03096016862802866, -0.44089230940739055, 0.3979120482637276, 0.10971262918950238,
    -0.4892251753966898, 0.2974663890116043, 0.24164578186412827, -0.4985866443870399,
    0.17332472774851515, 0.35432957009116134, -0.4682309871256067, 0.035376118040172586,
    0.43878766790213447, -0.4005763178669152, -0.10539053295009576, 0.4882921916453147,
    -0.30101196877764164, -0.23776183450602917, 0.49889963934030007, -0.17746917882592317,
    -0.3511931646342461, 0.4697650277849657, -0.03978929583214176};
static const int64_t ca_custom_out_6_shape[] = {100};
static const double ca_custom_out_6_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0, 1.0, 1.0, 1.0, 1.0};
static const int64_t ca_custom_out_7_shape[] = {100};
static const double ca_custom_out_7_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0, 1.0, 1.0, 1.0, 1.0};
static const int64_t ca_custom_out_8_shape[] = {10};
static const double ca_custom_out_8_data[] = {
    1.0, 0.5403023058681398, -0.4161468365471424, -0.9899924966004454, -0.6536436208636119,
    0.28366218546322625, 0.960170286650366, 0.7539022543433046, -0.14550003380861354,
    -0.9111302618846769};
static const int64_t ca_custom_out_9_shape[] = {10};
static const double ca_custom_out_9_data[] = {
    0.0, 0.4546487134128409, -0.37840124765396416, -0.13970774909946293, 0.4946791233116909,
    -0.2720105554446849, -0.26828645900021747, 0.4953036778474351, -0.14395165833253265,
    -0.375493623385838};
static const int64_t ca_custom_out_10_shape[] = {10};
static const double ca_custom_out_10_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0};
static const int64_t ca_custom_out_11_shape[] = {10};
static const double ca_custom_out_11_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0};
static const int64_t ca_custom_out_12_shape[] = {15};
static const double ca_custom_out_12_data[] = {
    1.0, 0.5403023058681398, -0.4161468365471424, -0.9899924966004454, -0.6536436208636119,
    0.28366218546322625, 0.960170286650366, 0.7539022543433046, -0.14550003380861354,
    -0.9111302618846769, -0.8390715290764524, 0.004425697988050785, 0.8438539587324921,
    0.9074467814501962, 0.1367372182078336};
static const int64_t ca_custom_out_13_shape[] = {15};
static const double ca_custom_out_13_data[] = {
    0.0, 0.4546487134128409, -0.37840124765396416, -0.13970774909946293, 0.4946791233116909,
    -0.2720105554446849, -0.26828645900021747, 0.4953036778474351, -0.14395165833253265,
    -0.375493623385838, 0.4564726253638138, -0.004425654645201938, -0.4527891810033119,
    0.38127922523980134, 0.13545289415393452};
static const int64_t ca_custom_out_14_shape[] = {15};
static const double ca_custom_out_14_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0};
static const int64_t ca_custom_out_15_shape[] = {15};
static const double ca_custom_out_15_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0};
static const int64_t ca_custom_out_16_shape[] = {20};
static const double ca_custom_out_16_data[] = {
    1.0, 0.5403023058681398, -0.4161468365471424, -0.9899924966004454, -0.6536436208636119,
    0.28366218546322625, 0.960170286650366, 0.7539022543433046, -0.14550003380861354,
    -0.9111302618846769, -0.8390715290764524, 0.004425697988050785, 0.8438539587324921,
    0.9074467814501962, 0.1367372182078336, -0.7596879128588213, -0.9576594803233847,
    -0.27516333805159693, 0.6603167082440802, 0.9887046181866692};
static const int64_t ca_custom_out_17_shape[] = {20};
static const double ca_custom_out_17_data[] = {
    0.0, 0.4546487134128409, -0.37840124765396416, -0.13970774909946293, 0.4946791233116909,
    -0.2720105554446849, -0.26828645900021747, 0.4953036778474351, -0.14395165833253265,
    -0.375493623385838, 0.4564726253638138, -0.004425654645201938, -0.4527891810033119,
    0.38127922523980134, 0.13545289415393452, -0.4940158120464309, 0.2757133406208453,
    0.2645413430600119, -0.49588942672155784, 0.14818428935469266};
static const int64_t ca_custom_out_18_shape[] = {20};
static const double ca_custom_out_18_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0};
static const int64_t ca_custom_out_19_shape[] = {20};
static const double ca_custom_out_19_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0};
static const int64_t ca_custom_out_20_shape[] = {25};
static const double ca_custom_out_20_data[] = {
    1.0, 0.5403023058681398, -0.4161468365471424, -0.9899924966004454, -0.6536436208636119,
    0.28366218546322625, 0.960170286650366, 0.7539022543433046, -0.14550003380861354,
    -0.9111302618846769, -0.8390715290764524, 0.004425697988050785, 0.8438539587324921,
    0.9074467814501962, 0.1367372182078336, -0.7596879128588213, -0.9576594803233847,
    -0.27516333805159693, 0.6603167082440802, 0.9887046181866692, 0.40808206181339196,
    -0.5477292602242684, -0.9999608263946371, -0.5328330203333975, 0.424179007336997};
static const int64_t ca_custom_out_21_shape[] = {25};
static const double ca_custom_out_21_data[] = {
    0.0, 0.4546487134128409, -0.37840124765396416, -0.13970774909946293, 0.4946791233116909,
    -0.2720105554446849, -0.26828645900021747, 0.4953036778474351, -0.14395165833253265,
    -0.375493623385838, 0.4564726253638138, -0.004425654645201938, -0.4527891810033119,
    0.38127922523980134, 0.13545289415393452, -0.4940158120464309, 0.2757133406208453,
    0.2645413430600119, -0.49588942672155784, 0.14818428935469266, 0.37255658023967436,
    -0.4582607739578169, 0.008850962552706789, 0.45089417382440455, -0.3841273306618334};
static const int64_t ca_custom_out_22_shape[] = {25};
static const double ca_custom_out_22_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0};
static const int64_t ca_custom_out_23_shape[] = {25};
static const double ca_custom_out_23_data[] = {
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
    1.0, 1.0, 1.0, 1.0, 1.0, 1.0};
static const conf_array ca_custom_out[] = {
    {1, ca_custom_out_0_shape,
     ca_custom_out_0_data},
    {1, ca_custom_out_1_shape,
     ca_custom_out_1_data},
    {1, ca_custom_out_2_shape,
     ca_custom_out_2_data},
    {1, ca_custom_out_3_shape,
     ca_custom_out_3_data},
    {1, ca_custom_out_4_shape,
     ca_custom_out_4_data},
    {1, ca_custom_out_5_shape,
     ca_custom_out_5_data},
    {1, ca_custom_out_6_shape,
     ca_custom_out_6_data},
    {1, ca_custom_out_7_shape,
     ca_custom_out_7_data},
    {1, ca_custom_out_8_shape,
     ca_custom_out_8_data},
    {1, ca_custom_out_9_shape,
     ca_custom_out_9_data},
    {1, ca_custom_out_10_shape,
     ca_custom_out_10_data},
    {1, ca_custom_out_11_shape,
     ca_custom_out_11_data},
    {1, ca_custom_out_12_shape,
     ca_custom_out_12_data},
    {1, ca_custom_out_13_shape,
     ca_custom_out_13_data},
    {1, ca_custom_out_14_shape,
     ca_custom_out_14_data},
    {1, ca_custom_out_15_shape,
     ca_custom_out_15_data},
    {1, ca_custom_out_16_shape,
     ca_custom_out_16_data},
    {1, ca_custom_out_17_shape,
     ca_custom_out_17_data},
    {1, ca_custom_out_18_shape,
     ca_custom_out_18_data},
    {1, ca_custom_out_19_shape,
     ca_custom_out_19_data},
    {1, ca_custom_out_20_shape,
     ca_custom_out_20_data},
    {1, ca_custom_out_21_shape,
     ca_custom_out_21_data},
    {1, ca_custom_out_22_shape,
     ca_custom_out_22_data},
    {1, ca_custom_out_23_shape,
     ca_custom_out_23_data}};

#endif
