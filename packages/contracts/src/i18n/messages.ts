/**
 * Server messages in the three languages. Keys are what errors and validation carry; the HTTP layer
 * translates them into the request's language (cookie `language` or Accept-Language).
 * Traditional Chinese uses traditional characters and Taiwan usage.
 */
import { LANGUAGES, type Language } from '../enums.ts';
import type { ErrorCode } from '../envelope.ts';
import { MEMBER_MESSAGES } from './member-messages.ts';
import { DATA_CENTER_MESSAGES } from './data-center-messages.ts';
import { DELIVERY_MESSAGES } from './delivery-messages.ts';
import { APP_MESSAGES } from './app-messages.ts';
import { DISPLAY_MESSAGES } from './display-messages.ts';

type Entry = Record<Language, string>;
/**
 * A server message: an error's (or the success envelope's) HTTP status rides with its text, so that
 * code throwing an error names the key only and the status cannot disagree with the message.
 */
type StatusEntry = Entry & { readonly status: 200 | ErrorCode };

/**
 * A message parameter given in every language, for what the server names in the reader's words
 * (a recipe parameter's or a machine family's name): `translate` takes the text of its language.
 */
export type Localized = Readonly<Record<Language, string>>;

export const isLocalized = (value: unknown): value is Localized =>
  typeof value === 'object' &&
  value !== null &&
  LANGUAGES.every((lang) => typeof (value as Record<string, unknown>)[lang] === 'string');

export const MESSAGES = {
  'msg.success': { status: 200, en: 'success', zh: 'success', tw: 'success' },
  'msg.required': { status: 400, en: 'This field is required', zh: '此项为必填', tw: '此欄位為必填' },
  'msg.fieldRequired': {
    status: 400,
    en: '{{field}}: This field is required',
    zh: '{{field}}：此项为必填',
    tw: '{{field}}：此欄位為必填',
  },
  'msg.fieldMustBePositive': {
    status: 400,
    en: '{{field}}: must be greater than 0',
    zh: '{{field}}：必须大于 0',
    tw: '{{field}}：必須大於 0',
  },
  'msg.emailError': { status: 400, en: 'Email error', zh: '邮箱格式错误', tw: '電子郵件格式錯誤' },
  'msg.phoneError': { status: 400, en: 'Cell phone number error', zh: '手机号码错误', tw: '手機號碼錯誤' },
  'msg.addressIncorrect': { status: 400, en: 'The address is incorrect', zh: '地址不正确', tw: '地址不正確' },
  'msg.invalidId': { status: 400, en: 'Invalid id', zh: '无效的编号', tw: '無效的編號' },
  'msg.idOutOfRange': {
    status: 400,
    en: 'Invalid id: at most 9223372036854775807',
    zh: '无效的编号：最大为 9223372036854775807',
    tw: '無效的編號：最大為 9223372036854775807',
  },
  'msg.nulCharacter': {
    status: 400,
    en: '{{field}}: text may not contain the NUL character (U+0000)',
    zh: '{{field}}：文本不能包含空字符（U+0000）',
    tw: '{{field}}：文字不可包含空字元（U+0000）',
  },
  'msg.controlCharacter': {
    status: 400,
    en: '{{field}}: text may not contain control characters (other than tab and line breaks)',
    zh: '{{field}}：文本不能包含控制字符（制表符和换行除外）',
    tw: '{{field}}：文字不可包含控制字元（定位字元與換行除外）',
  },
  'msg.bidiCharacter': {
    status: 400,
    en: '{{field}}: text may not contain bidirectional control characters (U+202A–U+202E, U+2066–U+2069), which can make it display reversed',
    zh: '{{field}}：文本不能包含双向控制字符（U+202A–U+202E、U+2066–U+2069），它们会使文字显示颠倒',
    tw: '{{field}}：文字不可包含雙向控制字元（U+202A–U+202E、U+2066–U+2069），它們會使文字顯示顛倒',
  },
  'msg.invalidJson': {
    status: 400,
    en: 'The request body is not valid JSON',
    zh: '请求正文不是有效的 JSON',
    tw: '請求內容不是有效的 JSON',
  },
  'msg.emptyJson': {
    status: 400,
    en: 'The request body is empty: send a JSON object',
    zh: '请求正文为空：请发送 JSON 对象',
    tw: '請求內容為空：請傳送 JSON 物件',
  },
  'msg.tooDeep': {
    status: 400,
    en: 'The request is nested too deeply (at most {{max}} levels)',
    zh: '请求嵌套层级过深（最多 {{max}} 层）',
    tw: '請求巢狀層級過深（最多 {{max}} 層）',
  },
  'msg.activeEndsBeforeStart': {
    status: 400,
    en: 'The active period ends before it starts',
    zh: '有效期的结束时间早于开始时间',
    tw: '有效期間的結束時間早於開始時間',
  },
  'msg.moneyPositive': {
    status: 400,
    en: 'Enter an amount above 0',
    zh: '请输入大于 0 的金额',
    tw: '請輸入大於 0 的金額',
  },
  'msg.moneyNotNegative': {
    status: 400,
    en: 'The amount cannot be negative',
    zh: '金额不能为负数',
    tw: '金額不能為負數',
  },
  'msg.moneyOutOfRange': {
    status: 400,
    en: 'Amounts range from -9999999999.99 to 9999999999.99',
    zh: '金额范围为 -9999999999.99 至 9999999999.99',
    tw: '金額範圍為 -9999999999.99 至 9999999999.99',
  },
  'msg.valueOutOfRange': {
    status: 400,
    en: 'A value is out of range or not valid for its field',
    zh: '某个值超出范围或不适用于该字段',
    tw: '某個值超出範圍或不適用於該欄位',
  },
  'msg.moneyDecimals': {
    status: 400,
    en: 'An amount has at most two decimal places',
    zh: '金额最多保留两位小数',
    tw: '金額最多保留兩位小數',
  },
  'msg.invalidMoney': {
    status: 400,
    en: 'Only numbers can be filled',
    zh: '只能填写数字',
    tw: '只能填寫數字',
  },
  'msg.invalidDate': {
    status: 400,
    en: 'Invalid date, expected YYYY-MM-DD',
    zh: '日期无效，应为 YYYY-MM-DD',
    tw: '日期無效，應為 YYYY-MM-DD',
  },
  'msg.invalidTime': {
    status: 400,
    en: 'Invalid time, expected HH:mm',
    zh: '时间无效，应为 HH:mm',
    tw: '時間無效，應為 HH:mm',
  },
  'msg.invalidFormat': { status: 400, en: 'Invalid format', zh: '格式不正确', tw: '格式不正確' },
  'msg.invalidSerialNumber': {
    status: 400,
    en: 'Serial number: 3 to 64 letters, digits, _ . or -, starting with a letter or digit',
    zh: '序列号：3 至 64 位字母、数字、_ . 或 -，以字母或数字开头',
    tw: '序號：3 至 64 位字母、數字、_ . 或 -，以字母或數字開頭',
  },
  'msg.serialNumberTaken': {
    status: 409,
    en: 'A machine with this serial number already exists',
    zh: '该序列号的机器已存在',
    tw: '此序號的機器已存在',
  },
  'msg.deviceNotAvailable': {
    status: 400,
    en: 'This machine is not available to that merchant (see its available merchants)',
    zh: '此机器不对该商户开放（见其可用商户）',
    tw: '此機器不開放給該商戶（見其可用商戶）',
  },
  'msg.storeNotOfMerchant': {
    status: 400,
    en: 'The store does not belong to the chosen merchant',
    zh: '门店不属于所选商户',
    tw: '門市不屬於所選商戶',
  },
  'msg.deviceNotFound': { status: 404, en: 'Machine not found', zh: '未找到机器', tw: '找不到機器' },
  'msg.channelTaken': {
    status: 409,
    en: 'This machine already has a channel with this number',
    zh: '该机器已有此编号的料道',
    tw: '此機器已有此編號的料道',
  },
  'msg.configChannelTaken': {
    status: 409,
    en: 'This configuration already has a channel with this number',
    zh: '该配置已有此编号的料道',
    tw: '此配置已有此編號的料道',
  },
  'msg.lowLevelAboveCapacity': {
    status: 400,
    en: 'The low level ({{lowLevel}} g) is above the capacity ({{capacity}} g): the channel would always read short',
    zh: '低料位（{{lowLevel}} 克）高于容量（{{capacity}} 克）：料道将一直显示缺料',
    tw: '低料位（{{lowLevel}} 克）高於容量（{{capacity}} 克）：料道將一直顯示缺料',
  },
  'msg.channelBeyondModel': {
    status: 400,
    en: 'Machine {{machine}} has {{count}} channels: there is no channel {{channel}}',
    zh: '机器 {{machine}} 有 {{count}} 个料道：没有料道 {{channel}}',
    tw: '機器 {{machine}} 有 {{count}} 個料道：沒有料道 {{channel}}',
  },
  'msg.configNotFound': {
    status: 400,
    en: 'No channel configuration with this name',
    zh: '没有此名称的料道配置',
    tw: '沒有此名稱的料道配置',
  },
  'msg.presetNotFound': {
    status: 404,
    en: 'Preset command not found',
    zh: '未找到预设指令',
    tw: '找不到預設指令',
  },
  'msg.presetOtherFamily': {
    status: 400,
    en: '“{{preset}}” is for {{family}} machines only; these machines are of another family: {{machines}}',
    zh: '“{{preset}}”仅适用于 {{family}} 机器；以下机器属于其他类别：{{machines}}',
    tw: '「{{preset}}」僅適用於 {{family}} 機器；下列機器屬於其他類別：{{machines}}',
  },
  'msg.productCodeExists': {
    status: 409,
    en: 'This product code already exists',
    zh: '该商品编码已存在',
    tw: '此商品編碼已存在',
  },
  'msg.productIncomplete': {
    status: 400,
    en: 'Please complete the product information',
    zh: '请完善商品信息',
    tw: '請完善商品資訊',
  },
  'msg.recipeEmpty': {
    status: 400,
    en: 'A recipe needs at least one step',
    zh: '配方至少需要一个步骤',
    tw: '配方至少需要一個步驟',
  },
  // {{family}} is a machine's name in zh and tw (奶泡机): '不是奶泡机的参数', not '奶泡机 机器'.
  'msg.recipeUnknownParameter': {
    status: 400,
    en: 'Step {{step}}: {{name}} is not a parameter of {{family}} machines',
    zh: '第 {{step}} 步：{{name}} 不是{{family}}的参数',
    tw: '第 {{step}} 步：{{name}} 不是{{family}}的參數',
  },
  'msg.recipeOutOfRange': {
    status: 400,
    en: 'Step {{step}}: {{name}} {{value}} is outside {{min}}–{{max}} {{unit}}',
    zh: '第 {{step}} 步：{{name}} {{value}} 超出 {{min}}–{{max}} {{unit}}',
    tw: '第 {{step}} 步：{{name}} {{value}} 超出 {{min}}–{{max}} {{unit}}',
  },
  'msg.teaSegmentsRequired': {
    status: 400,
    en: 'A tea recipe has three segments, at least one of them out',
    zh: '茶饮配方需有三段萃取，至少一段出茶',
    tw: '茶飲配方需有三段萃取，至少一段出茶',
  },
  'msg.teaSegmentEmpty': {
    status: 400,
    en: 'Segment {{segment}} pours out but runs {{seconds}} s with {{grams}} g',
    zh: '第 {{segment}} 段出茶，但时间为 {{seconds}} 秒、茶量为 {{grams}} 克',
    tw: '第 {{segment}} 段出茶，但時間為 {{seconds}} 秒、茶量為 {{grams}} 克',
  },
  'msg.catalogItemOtherMerchant': {
    status: 400,
    en: '{{name}} belongs to another merchant than the product',
    zh: '{{name}} 不属于该商品的商户或其上级商户',
    tw: '{{name}} 不屬於此商品的商戶或其上級商戶',
  },
  'msg.comboOptionNotOfProduct': {
    status: 400,
    en: 'Combination {{index}}: {{name}} is not an option of this product’s specifications',
    zh: '组合 {{index}}：{{name}} 不是该商品所选规格中的选项',
    tw: '組合 {{index}}：{{name}} 不是此商品所選規格中的選項',
  },
  // {{combo}} is the combination's options ('Large / No ice') or its number.
  'msg.comboOutOfRange': {
    status: 400,
    en: 'Combination {{combo}} (× {{factor}}), step {{step}}: {{name}} {{value}} is outside {{min}}–{{max}} {{unit}}',
    zh: '组合 {{combo}}（× {{factor}}），第 {{step}} 步：{{name}} {{value}} 超出 {{min}}–{{max}} {{unit}}',
    tw: '組合 {{combo}}（× {{factor}}），第 {{step}} 步：{{name}} {{value}} 超出 {{min}}–{{max}} {{unit}}',
  },
  'msg.productNeedsMaterial': {
    status: 400,
    en: 'Add the materials the product uses',
    zh: '请添加商品所用的原料',
    tw: '請新增商品所用的原料',
  },
  'msg.toppingFreeAndCharged': {
    status: 400,
    en: 'A topping cannot be both free and charged',
    zh: '同一小料不能既免费又收费',
    tw: '同一小料不能既免費又加價',
  },
  'msg.segmentsOnlyTea': {
    status: 400,
    en: 'Only tea recipes have extraction segments',
    zh: '只有茶饮配方有萃取分段',
    tw: '只有茶飲配方有萃取分段',
  },
  'msg.minAboveMax': {
    status: 400,
    en: 'The minimum cannot be above the maximum',
    zh: '最小值不能大于最大值',
    tw: '最小值不能大於最大值',
  },
  'msg.materialMinAboveMax': {
    status: 400,
    en: 'The minimum ({{min}}) cannot be above the maximum ({{max}})',
    zh: '最小值（{{min}}）不能大于最大值（{{max}}）',
    tw: '最小值（{{min}}）不能大於最大值（{{max}}）',
  },
  'msg.unknownMaterialOrOption': {
    status: 400,
    en: 'A material or option of this product does not exist or is not yours',
    zh: '该商品的原料或规格不存在或不属于您',
    tw: '此商品的原料或規格不存在或不屬於您',
  },
  'msg.menuEmpty': {
    status: 400,
    en: 'The menu has no product these machines can make',
    zh: '菜单中没有这些机器能制作的商品',
    tw: '菜單中沒有這些機器能製作的商品',
  },
  'msg.menuTargetsRequired': {
    status: 400,
    en: 'Choose a store or machines',
    zh: '请选择门店或机器',
    tw: '請選擇門市或機器',
  },
  'msg.menuReleaseInUse': {
    status: 409,
    en: 'This menu cannot be deleted: {{running}} machine(s) run it and it is still being sent to {{receiving}}. Push them another menu first',
    zh: '无法删除此菜单：{{running}} 台机器正在使用，另有 {{receiving}} 台仍在接收。请先向它们推送其他菜单',
    tw: '無法刪除此菜單：{{running}} 台機器正在使用，另有 {{receiving}} 台仍在接收。請先向它們推送其他菜單',
  },
  'msg.productOtherFamily': {
    status: 400,
    en: '{{code}} is a {{family}} product; {{target}} is a {{machineFamily}} machine',
    zh: '{{code}} 是 {{family}} 商品；{{target}} 是 {{machineFamily}} 机器',
    tw: '{{code}} 是 {{family}} 商品；{{target}} 是 {{machineFamily}} 機器',
  },
  'msg.productOtherMerchant': {
    status: 400,
    en: '{{code}} belongs to another merchant than {{target}}',
    zh: '{{code}} 与 {{target}} 不属于同一商户',
    tw: '{{code}} 與 {{target}} 不屬於同一商戶',
  },
  'msg.merchantSuspended': {
    status: 400,
    en: 'This merchant is suspended; its users cannot sign in',
    zh: '该商户已停用，其用户无法登录',
    tw: '該商戶已停用，其使用者無法登入',
  },
  'msg.merchantCycle': {
    status: 400,
    en: 'A merchant cannot be placed under itself or its sub-merchants',
    zh: '商户不能放在自身或其下级商户之下',
    tw: '商戶不能放在自身或其下級商戶之下',
  },
  'msg.merchantRequired': {
    status: 400,
    en: 'Choose the merchant this belongs to',
    zh: '请选择所属商户',
    tw: '請選擇所屬商戶',
  },
  'msg.merchantHasChildren': {
    status: 409,
    en: 'This merchant still has sub-merchants, stores or accounts',
    zh: '该商户仍有下级商户、门店或账号',
    tw: '該商戶仍有下級商戶、門市或帳號',
  },
  'msg.invalidSort': {
    status: 400,
    en: 'This column cannot be sorted',
    zh: '此列不能排序',
    tw: '此欄不能排序',
  },
  'msg.invalidRequest': { status: 400, en: 'Invalid request', zh: '请求无效', tw: '請求無效' },
  'msg.badTimeZone': {
    status: 400,
    en: 'Unknown time zone: {{zone}}',
    zh: '未知的时区：{{zone}}',
    tw: '未知的時區：{{zone}}',
  },
  'msg.notFound': { status: 404, en: 'Not found', zh: '未找到', tw: '找不到' },
  'msg.routeNotFound': { status: 404, en: 'No such endpoint', zh: '接口不存在', tw: '介面不存在' },
  'msg.conflict': { status: 409, en: 'This record already exists', zh: '该记录已存在', tw: '該記錄已存在' },
  'msg.inUse': {
    status: 409,
    en: 'This record is still in use',
    zh: '该记录仍在使用中',
    tw: '該記錄仍在使用中',
  },
  'msg.inheritedReadOnly': {
    status: 403,
    en: 'This record belongs to {{owner}}: it can be used, not changed',
    zh: '该记录属于 {{owner}}：可以使用，不能修改',
    tw: '該記錄屬於 {{owner}}：可以使用，不能修改',
  },
  // Taxes (issue 11).
  'msg.invalidPercent': {
    status: 400,
    en: 'A percentage from 0 to 100 with at most four decimals, such as 5 or 8.875',
    zh: '请填写 0 至 100 的百分比，最多四位小数，例如 5 或 8.875',
    tw: '請填寫 0 至 100 的百分比，最多四位小數，例如 5 或 8.875',
  },
  'msg.invalidCountryCode': {
    status: 400,
    en: 'A country as its two-letter ISO code, such as TW, JP or US',
    zh: '国家请填写两位 ISO 代码，例如 TW、JP 或 US',
    tw: '國家請填寫兩碼 ISO 代碼，例如 TW、JP 或 US',
  },
  'msg.taxAllocationTarget': {
    status: 400,
    en: 'Allocate the tax to either a product type or an extra product (one of them)',
    zh: '请将税分配给商品类型或附加商品（二选一）',
    tw: '請將稅分配給商品類型或附加商品（二擇一）',
  },
  'msg.taxAllocationTaken': {
    status: 409,
    en: '{{target}} already has a tax for {{orderType}} orders in {{country}} ({{tax}}): change or delete that allocation first',
    zh: '{{target}} 在 {{country}} 的{{orderType}}订单已分配税（{{tax}}）：请先修改或删除该分配',
    tw: '{{target}} 在 {{country}} 的{{orderType}}訂單已分配稅（{{tax}}）：請先修改或刪除該分配',
  },
  'msg.taxAllocationOtherMerchant': {
    status: 400,
    en: '{{name}} belongs to another merchant than the tax',
    zh: '{{name}} 不属于该税的商户或其上级商户',
    tw: '{{name}} 不屬於此稅的商戶或其上級商戶',
  },
  'msg.taxInUse': {
    status: 409,
    en: 'This tax is allocated to {{count}} product types or extra products: delete those allocations first',
    zh: '该税已分配给 {{count}} 个商品类型或附加商品：请先删除这些分配',
    tw: '此稅已分配給 {{count}} 個商品類型或附加商品：請先刪除這些分配',
  },
  'msg.taxLineNeedsOneItem': {
    status: 400,
    en: 'Each line names a product or an extra product (one of them)',
    zh: '每一行须指定一个商品或一个附加商品（二选一）',
    tw: '每一行須指定一個商品或一個附加商品（二擇一）',
  },
  'msg.taxPreviewNeedsStore': {
    status: 400,
    en: 'Choose a store (or a country)',
    zh: '请选择门店（或国家）',
    tw: '請選擇門市（或國家）',
  },
  'msg.taxLineNotFound': {
    status: 400,
    en: 'Line {{line}}: no such product of this merchant',
    zh: '第 {{line}} 行：该商户没有此商品',
    tw: '第 {{line}} 行：此商戶沒有這項商品',
  },
  'msg.taxCountryUnknown': {
    status: 400,
    en: 'The merchant of this store has no country code (such as TW): set it on the merchant, or choose a country',
    zh: '该门店的商户未设置国家代码（例如 TW）：请在商户中设置，或选择国家',
    tw: '此門市的商戶未設定國家代碼（例如 TW）：請在商戶中設定，或選擇國家',
  },
  'msg.inUseByProducts': {
    status: 409,
    en: 'This record is still in use (products using it: {{count}})',
    zh: '该记录仍在使用中（使用它的商品：{{count}} 个）',
    tw: '該記錄仍在使用中（使用它的商品：{{count}} 項）',
  },
  'msg.idempotencyKeyRequired': {
    status: 400,
    en: 'This call needs an Idempotency-Key header (1 to 255 characters), so that a retry does not repeat it',
    zh: '此调用需要 Idempotency-Key 请求头（1 到 255 个字符），以免重试时重复执行',
    tw: '此呼叫需要 Idempotency-Key 標頭（1 到 255 個字元），以免重試時重複執行',
  },
  'msg.idempotencyKeyReused': {
    status: 422,
    en: 'This Idempotency-Key was already used for a different request: use a new key',
    zh: '此 Idempotency-Key 已用于另一个不同的请求：请使用新的键',
    tw: '此 Idempotency-Key 已用於另一個不同的請求：請使用新的鍵',
  },
  'msg.idempotencyInProgress': {
    status: 409,
    en: 'The request with this Idempotency-Key is still being processed: try again in a moment',
    zh: '使用此 Idempotency-Key 的请求仍在处理中：请稍后再试',
    tw: '使用此 Idempotency-Key 的請求仍在處理中：請稍後再試',
  },
  'msg.orderMoveRefused': {
    status: 409,
    en: 'This order is {{from}}: it cannot become {{to}}',
    zh: '该订单状态为{{from}}：不能改为{{to}}',
    tw: '此訂單狀態為{{from}}：不能改為{{to}}',
  },
  'msg.refundNothingPaid': {
    status: 409,
    en: 'Nothing is left to refund on this order (paid {{paid}}, refunded {{refunded}})',
    zh: '该订单已无可退金额（已付 {{paid}}，已退 {{refunded}}）',
    tw: '此訂單已無可退金額（已付 {{paid}}，已退 {{refunded}}）',
  },
  'msg.refundTooMuch': {
    status: 400,
    en: 'A refund of {{amount}} is more than can still be refunded ({{refundable}})',
    zh: '退款金额 {{amount}} 超过可退金额（{{refundable}}）',
    tw: '退款金額 {{amount}} 超過可退金額（{{refundable}}）',
  },
  'msg.refundLineTooMuch': {
    status: 400,
    en: 'Line {{seq}}: a refund of {{amount}} is more than is left on the line ({{left}})',
    zh: '第 {{seq}} 行：退款金额 {{amount}} 超过该行剩余可退金额（{{left}}）',
    tw: '第 {{seq}} 行：退款金額 {{amount}} 超過該行剩餘可退金額（{{left}}）',
  },
  'msg.refundLineUnknown': {
    status: 400,
    en: 'The order has no line {{seq}}',
    zh: '该订单没有第 {{seq}} 行',
    tw: '此訂單沒有第 {{seq}} 行',
  },
  'msg.refundPositive': {
    status: 400,
    en: 'A refund is an amount above zero',
    zh: '退款金额须大于零',
    tw: '退款金額須大於零',
  },
  'msg.refundLineTwice': {
    status: 400,
    en: 'Each line may be named once',
    zh: '每一行只能出现一次',
    tw: '每一行只能出現一次',
  },
  'msg.internal': { status: 500, en: 'Internal server error', zh: '服务器内部错误', tw: '伺服器內部錯誤' },
  'msg.tooLarge': { status: 413, en: 'The upload is too large', zh: '上传的文件过大', tw: '上傳的檔案過大' },
  'msg.uploadQuota': {
    status: 413,
    en: 'The storage for uploads is full ({{used}} MB of {{quota}} MB used): this file was not kept',
    zh: '上传文件的存储空间已满（已用 {{used}} MB，共 {{quota}} MB）：此文件未保存',
    tw: '上傳檔案的儲存空間已滿（已用 {{used}} MB，共 {{quota}} MB）：此檔案未儲存',
  },
  'msg.tooManyExports': {
    status: 429,
    en: 'Too many exports in a short time, try again in {{seconds}} seconds',
    zh: '短时间内导出次数过多，请在 {{seconds}} 秒后重试',
    tw: '短時間內匯出次數過多，請在 {{seconds}} 秒後重試',
  },
  'msg.tooManyImports': {
    status: 429,
    en: 'Too many imports in a short time, try again in {{seconds}} seconds',
    zh: '短时间内导入次数过多，请在 {{seconds}} 秒后重试',
    tw: '短時間內匯入次數過多，請在 {{seconds}} 秒後重試',
  },
  'msg.tooManyCommands': {
    status: 429,
    en: 'Too many machine commands in a short time, try again in {{seconds}} seconds',
    zh: '短时间内发送的设备指令过多，请在 {{seconds}} 秒后重试',
    tw: '短時間內傳送的設備指令過多，請在 {{seconds}} 秒後重試',
  },
  'msg.tooManyLargeLists': {
    status: 429,
    en: 'Too many large lists in a short time, try again in {{seconds}} seconds or ask for fewer rows',
    zh: '短时间内请求的大列表过多，请在 {{seconds}} 秒后重试，或减少每页行数',
    tw: '短時間內請求的大型列表過多，請在 {{seconds}} 秒後重試，或減少每頁列數',
  },
  'msg.fileMissing': {
    status: 400,
    en: 'Choose a file to upload',
    zh: '请选择要上传的文件',
    tw: '請選擇要上傳的檔案',
  },
  'msg.multipartExpected': {
    status: 415,
    en: 'Send the file as multipart/form-data, in a form field of type file',
    zh: '请以 multipart/form-data 表单的文件字段上传文件',
    tw: '請以 multipart/form-data 表單的檔案欄位上傳檔案',
  },
  'msg.unsupportedType': {
    status: 415,
    en: 'This file type is not supported',
    zh: '不支持此文件类型',
    tw: '不支援此檔案類型',
  },
  'msg.unauthorized': {
    status: 401,
    en: 'Login permission expired',
    zh: '登录权限已过期',
    tw: '登入權限已過期',
  },
  'msg.forbidden': {
    status: 403,
    en: 'You do not have permission for this action',
    zh: '您没有此操作的权限',
    tw: '您沒有此操作的權限',
  },
  'msg.badCredentials': {
    status: 400,
    en: 'Wrong account or password',
    zh: '账号或密码错误',
    tw: '帳號或密碼錯誤',
  },
  'msg.accountBlocked': {
    status: 400,
    en: 'This account is disabled or has resigned and cannot sign in',
    zh: '该账号已停用或离职，无法登录',
    tw: '該帳號已停用或離職，無法登入',
  },
  'msg.agreement': {
    status: 400,
    en: 'Please confirm the privacy agreement',
    zh: '请确认隐私协议',
    tw: '請確認隱私權協議',
  },
  'msg.throttled': {
    status: 429,
    en: 'Too many failed sign-ins, try again in {{seconds}} seconds',
    zh: '登录失败次数过多，请在 {{seconds}} 秒后重试',
    tw: '登入失敗次數過多，請在 {{seconds}} 秒後重試',
  },
  'msg.decryptFailed': {
    status: 400,
    en: 'The encrypted field could not be read; reload the page and try again',
    zh: '加密字段无法解读，请刷新页面后重试',
    tw: '加密欄位無法解讀，請重新整理頁面後再試',
  },
  'msg.passwordEmpty': {
    status: 400,
    en: 'Password cannot be empty',
    zh: '密码不能为空',
    tw: '密碼不能為空',
  },
  'msg.passwordMismatch': {
    status: 400,
    en: 'Inconsistent password inputs',
    zh: '两次输入的密码不一致',
    tw: '兩次輸入的密碼不一致',
  },
  'msg.passwordLength': {
    status: 400,
    en: 'The password must have 8 to 64 characters',
    zh: '密码长度须为 8 到 64 个字符',
    tw: '密碼長度須為 8 到 64 個字元',
  },
  'msg.passwordCommon': {
    status: 400,
    en: 'This password is too common; choose another',
    zh: '该密码过于常见，请换一个',
    tw: '該密碼過於常見，請換一個',
  },
  'msg.passwordWrong': {
    status: 400,
    en: 'The current password is wrong',
    zh: '当前密码错误',
    tw: '目前密碼錯誤',
  },
  'msg.accountExists': {
    status: 409,
    en: 'This account already exists',
    zh: '该账号已存在',
    tw: '該帳號已存在',
  },
  'msg.roleExists': {
    status: 409,
    en: 'A role with this name already exists',
    zh: '该角色名称已存在',
    tw: '該角色名稱已存在',
  },
  'msg.duplicateImage': {
    status: 400,
    en: 'The same image is listed twice',
    zh: '同一张图片重复出现',
    tw: '同一張圖片重複出現',
  },
  'msg.refNotFound': {
    status: 400,
    en: '{{field}}: the referenced record does not exist',
    zh: '{{field}}：引用的记录不存在',
    tw: '{{field}}：引用的記錄不存在',
  },
  'msg.menuCycle': {
    status: 400,
    en: 'A menu cannot be placed under itself',
    zh: '菜单不能放在自身之下',
    tw: '選單不能放在自身之下',
  },
  'msg.menuHasChildren': {
    status: 409,
    en: 'Delete the sub-menus first',
    zh: '请先删除子菜单',
    tw: '請先刪除子選單',
  },
  'msg.orgCycle': {
    status: 400,
    en: 'An organization cannot be placed under itself',
    zh: '组织不能放在自身之下',
    tw: '組織不能放在自身之下',
  },
  'msg.cannotDeleteSelf': {
    status: 400,
    en: 'You cannot delete your own account',
    zh: '不能删除自己的账号',
    tw: '不能刪除自己的帳號',
  },
  'msg.adminProtected': {
    status: 400,
    en: 'The platform administrator cannot be deleted or disabled',
    zh: '平台管理员不能被删除或停用',
    tw: '平台管理員不能被刪除或停用',
  },
  'msg.cannotGrant': {
    status: 403,
    en: 'You cannot grant permissions you do not hold yourself',
    zh: '不能授予您自己没有的权限',
    tw: '不能授予您自己沒有的權限',
  },
  'msg.importFile': {
    status: 400,
    en: 'Upload a CSV or Excel (.xlsx) file',
    zh: '请上传 CSV 或 Excel（.xlsx）文件',
    tw: '請上傳 CSV 或 Excel（.xlsx）檔案',
  },
  'msg.importTooManyRows': {
    status: 400,
    en: 'The file has more than {{max}} rows',
    zh: '文件超过 {{max}} 行',
    tw: '檔案超過 {{max}} 列',
  },
  'msg.importRowErrors': {
    status: 422,
    en: '{{count}} rows have errors; nothing was imported',
    zh: '{{count}} 行有错误，未导入任何数据',
    tw: '{{count}} 列有錯誤，未匯入任何資料',
  },
  'msg.importMissingColumn': {
    status: 400,
    en: 'Missing column: {{column}}',
    zh: '缺少列：{{column}}',
    tw: '缺少欄位：{{column}}',
  },
  'msg.importUnknownValue': {
    status: 400,
    en: '{{field}}: “{{value}}” is not one of {{options}}',
    zh: '{{field}}：“{{value}}”不是可选值（{{options}}）',
    tw: '{{field}}：「{{value}}」不是可選值（{{options}}）',
  },
  'msg.importRefUnknown': {
    status: 400,
    en: '{{field}}: no record is called “{{value}}”',
    zh: '{{field}}：没有名为“{{value}}”的记录',
    tw: '{{field}}：沒有名為「{{value}}」的記錄',
  },
  'msg.importRefAmbiguous': {
    status: 400,
    en: '{{field}}: {{count}} records are called “{{value}}”; give its ID instead',
    zh: '{{field}}：有 {{count}} 条记录名为“{{value}}”，请改填其编号',
    tw: '{{field}}：有 {{count}} 筆記錄名為「{{value}}」，請改填其編號',
  },
  'msg.duplicateInFile': { status: 400, en: 'Duplicate in this file', zh: '文件内重复', tw: '檔案內重複' },
  // Operation-log actions as sentences (operation-log-actions.ts): the System log screen and its export.
  'log.auth.login': { en: 'Signed in', zh: '登录', tw: '登入' },
  'log.auth.logout': { en: 'Signed out', zh: '退出登录', tw: '登出' },
  'log.auth.changePassword': { en: 'Changed the password', zh: '修改密码', tw: '修改密碼' },
  'log.account.resetPassword': { en: 'Reset a password', zh: '重置密码', tw: '重設密碼' },
  'log.role.authorize': { en: 'Authorized a role', zh: '角色授权', tw: '角色授權' },
  'log.upload.create': { en: 'Uploaded a file', zh: '上传文件', tw: '上傳檔案' },
  'log.device.bind': { en: 'Bound machines', zh: '绑定机器', tw: '綁定機器' },
  'log.device.credentials': { en: 'Issued new machine secrets', zh: '重置机器密钥', tw: '重設機器金鑰' },
  'log.device.debug': { en: 'Sent a debugging command', zh: '发送调试指令', tw: '傳送偵錯指令' },
  'log.device.lock': { en: 'Locked machines', zh: '锁定机器', tw: '鎖定機器' },
  'log.device.unlock': { en: 'Unlocked machines', zh: '解锁机器', tw: '解鎖機器' },
  'log.device.startup': { en: 'Started machines up', zh: '机器开机', tw: '機器開機' },
  'log.device.shutdown': { en: 'Shut machines down', zh: '机器关机', tw: '機器關機' },
  'log.device.restart': { en: 'Restarted machines', zh: '重启机器', tw: '重新啟動機器' },
  'log.device-channel.refill': { en: 'Refilled channels', zh: '料道补料', tw: '料道補料' },
  'log.channel-config.distribute': {
    en: 'Distributed a channel configuration',
    zh: '分配料道配置',
    tw: '分配料道配置',
  },
  'log.menu-release.push': { en: 'Pushed a menu', zh: '下发菜单', tw: '派送菜單' },
  'log.menu-release.rollback': { en: 'Rolled a menu back', zh: '回滚菜单', tw: '回滾菜單' },
  'log.platform-job.run': { en: 'Ran a background job now', zh: '立即运行后台任务', tw: '立即執行背景工作' },
  'msg.jobNotFound': { status: 404, en: 'No such job', zh: '没有这个任务', tw: '沒有這個工作' },
  'log.code-rule.next': {
    en: 'Took the next product code',
    zh: '取用下一个商品编码',
    tw: '取用下一個商品編號',
  },
  'log.verb.create': {
    en: 'Created a record in {{resource}}',
    zh: '新增{{resource}}',
    tw: '新增{{resource}}',
  },
  'log.verb.update': {
    en: 'Edited a record in {{resource}}',
    zh: '修改{{resource}}',
    tw: '修改{{resource}}',
  },
  'log.verb.delete': {
    en: 'Deleted records from {{resource}}',
    zh: '删除{{resource}}',
    tw: '刪除{{resource}}',
  },
  'log.verb.import': {
    en: 'Imported records into {{resource}}',
    zh: '导入{{resource}}',
    tw: '匯入{{resource}}',
  },
  'log.verb.reveal': {
    en: 'Revealed a key in {{resource}}',
    zh: '查看{{resource}}的密钥',
    tw: '檢視{{resource}}的金鑰',
  },
  'log.order.refund': { en: 'Refunded an order', zh: '订单退款', tw: '訂單退款' },
  'log.order.cancel': { en: 'Cancelled an order', zh: '取消订单', tw: '取消訂單' },
  'log.request': {
    en: 'Other operation ({{method}} {{path}})',
    zh: '其他操作（{{method}} {{path}}）',
    tw: '其他操作（{{method}} {{path}}）',
  },
  ...MEMBER_MESSAGES,
  ...DATA_CENTER_MESSAGES,
  ...APP_MESSAGES,
  ...DELIVERY_MESSAGES,
  ...DISPLAY_MESSAGES,
} as const satisfies { [key: `msg.${string}`]: StatusEntry; [key: `log.${string}`]: Entry };

export type MessageKey = keyof typeof MESSAGES;

/** The keys an error answer may carry: the messages with an error status (not log sentences). */
export type ErrorKey = {
  [K in MessageKey]: (typeof MESSAGES)[K] extends { status: ErrorCode } ? K : never;
}[MessageKey];

/** The HTTP status (and envelope code) of an error key. */
export function statusOf(key: ErrorKey): ErrorCode {
  return (MESSAGES[key] as { status: ErrorCode }).status;
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES, key);
}

/**
 * Translate a key with {{name}} parameters; an unknown key is returned as it is. A parameter may be
 * `Localized`, and then reads in `lang`.
 */
export function translate(key: string, lang: Language, params: Record<string, unknown> = {}): string {
  const text = isMessageKey(key) ? MESSAGES[key][lang] : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    return String((isLocalized(value) ? value[lang] : value) ?? '');
  });
}

/** Match a cookie or Accept-Language value to en, zh or tw (zh-TW, zh-HK, zh-Hant → tw). */
export function matchLanguage(value: string | undefined | null): Language | undefined {
  if (!value) return undefined;
  // Highest weight first (`q`, 1 when absent; 0 means "not this one"); equal weights keep their order.
  const ranked = value
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
    if (tag === 'tw' || /^zh-(tw|hk|mo|hant)/.test(tag)) return 'tw';
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh';
  }
  return undefined;
}
