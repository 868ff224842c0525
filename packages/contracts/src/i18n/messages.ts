/**
 * Server messages in the three languages. Keys are what errors and validation carry; the HTTP layer
 * translates them into the request's language (cookie `language` or Accept-Language).
 * Traditional Chinese uses traditional characters and Taiwan usage.
 */
import { LANGUAGES, type Language } from '../enums.ts';

type Entry = Record<Language, string>;

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
  'msg.success': { en: 'success', zh: 'success', tw: 'success' },
  'msg.required': { en: 'This field is required', zh: '此项为必填', tw: '此欄位為必填' },
  'msg.emailError': { en: 'Email error', zh: '邮箱格式错误', tw: '電子郵件格式錯誤' },
  'msg.phoneError': { en: 'Cell phone number error', zh: '手机号码错误', tw: '手機號碼錯誤' },
  'msg.addressIncorrect': { en: 'The address is incorrect', zh: '地址不正确', tw: '地址不正確' },
  'msg.invalidId': { en: 'Invalid id', zh: '无效的编号', tw: '無效的編號' },
  'msg.idOutOfRange': {
    en: 'Invalid id: at most 9223372036854775807',
    zh: '无效的编号：最大为 9223372036854775807',
    tw: '無效的編號：最大為 9223372036854775807',
  },
  'msg.nulCharacter': {
    en: '{{field}}: text may not contain the NUL character (U+0000)',
    zh: '{{field}}：文本不能包含空字符（U+0000）',
    tw: '{{field}}：文字不可包含空字元（U+0000）',
  },
  'msg.tooDeep': {
    en: 'The request is nested too deeply (at most {{max}} levels)',
    zh: '请求嵌套层级过深（最多 {{max}} 层）',
    tw: '請求巢狀層級過深（最多 {{max}} 層）',
  },
  'msg.moneyOutOfRange': {
    en: 'Amounts range from -9999999999.99 to 9999999999.99',
    zh: '金额范围为 -9999999999.99 至 9999999999.99',
    tw: '金額範圍為 -9999999999.99 至 9999999999.99',
  },
  'msg.valueOutOfRange': {
    en: 'A value is out of range or not valid for its field',
    zh: '某个值超出范围或不适用于该字段',
    tw: '某個值超出範圍或不適用於該欄位',
  },
  'msg.invalidMoney': { en: 'Only numbers can be filled', zh: '只能填写数字', tw: '只能填寫數字' },
  'msg.invalidDate': {
    en: 'Invalid date, expected YYYY-MM-DD',
    zh: '日期无效，应为 YYYY-MM-DD',
    tw: '日期無效，應為 YYYY-MM-DD',
  },
  'msg.invalidTime': {
    en: 'Invalid time, expected HH:mm',
    zh: '时间无效，应为 HH:mm',
    tw: '時間無效，應為 HH:mm',
  },
  'msg.invalidFormat': { en: 'Invalid format', zh: '格式不正确', tw: '格式不正確' },
  'msg.invalidSerialNumber': {
    en: 'Serial number: 3 to 64 letters, digits, _ . or -, starting with a letter or digit',
    zh: '序列号：3 至 64 位字母、数字、_ . 或 -，以字母或数字开头',
    tw: '序號：3 至 64 位字母、數字、_ . 或 -，以字母或數字開頭',
  },
  'msg.serialNumberTaken': {
    en: 'A machine with this serial number already exists',
    zh: '该序列号的机器已存在',
    tw: '此序號的機器已存在',
  },
  'msg.deviceNotAvailable': {
    en: 'This machine is not available to that merchant (see its available merchants)',
    zh: '此机器不对该商户开放（见其可用商户）',
    tw: '此機器不開放給該商戶（見其可用商戶）',
  },
  'msg.storeNotOfMerchant': {
    en: 'The store does not belong to the chosen merchant',
    zh: '门店不属于所选商户',
    tw: '門市不屬於所選商戶',
  },
  'msg.deviceNotFound': {
    en: 'Machine not found',
    zh: '未找到机器',
    tw: '找不到機器',
  },
  'msg.channelTaken': {
    en: 'This machine already has a channel with this number',
    zh: '该机器已有此编号的料道',
    tw: '此機器已有此編號的料道',
  },
  'msg.configChannelTaken': {
    en: 'This configuration already has a channel with this number',
    zh: '该配置已有此编号的料道',
    tw: '此配置已有此編號的料道',
  },
  'msg.configNotFound': {
    en: 'No channel configuration with this name',
    zh: '没有此名称的料道配置',
    tw: '沒有此名稱的料道配置',
  },
  'msg.presetNotFound': {
    en: 'Preset command not found',
    zh: '未找到预设指令',
    tw: '找不到預設指令',
  },
  'msg.presetOtherFamily': {
    en: '“{{preset}}” is for {{family}} machines only; these machines are of another family: {{machines}}',
    zh: '“{{preset}}”仅适用于 {{family}} 机器；以下机器属于其他类别：{{machines}}',
    tw: '「{{preset}}」僅適用於 {{family}} 機器；下列機器屬於其他類別：{{machines}}',
  },
  'msg.productCodeExists': {
    en: 'This product code already exists',
    zh: '该商品编码已存在',
    tw: '此商品編碼已存在',
  },
  'msg.productIncomplete': {
    en: 'Please complete the product information',
    zh: '请完善商品信息',
    tw: '請完善商品資訊',
  },
  'msg.recipeEmpty': {
    en: 'A recipe needs at least one step',
    zh: '配方至少需要一个步骤',
    tw: '配方至少需要一個步驟',
  },
  // {{family}} is a machine's name in zh and tw (奶泡机): '不是奶泡机的参数', not '奶泡机 机器'.
  'msg.recipeUnknownParameter': {
    en: 'Step {{step}}: {{name}} is not a parameter of {{family}} machines',
    zh: '第 {{step}} 步：{{name}} 不是{{family}}的参数',
    tw: '第 {{step}} 步：{{name}} 不是{{family}}的參數',
  },
  'msg.recipeOutOfRange': {
    en: 'Step {{step}}: {{name}} {{value}} is outside {{min}}–{{max}} {{unit}}',
    zh: '第 {{step}} 步：{{name}} {{value}} 超出 {{min}}–{{max}} {{unit}}',
    tw: '第 {{step}} 步：{{name}} {{value}} 超出 {{min}}–{{max}} {{unit}}',
  },
  'msg.teaSegmentsRequired': {
    en: 'A tea recipe has three segments, at least one of them out',
    zh: '茶饮配方需有三段萃取，至少一段出茶',
    tw: '茶飲配方需有三段萃取，至少一段出茶',
  },
  'msg.teaSegmentEmpty': {
    en: 'Segment {{segment}} pours out but runs {{seconds}} s with {{grams}} g',
    zh: '第 {{segment}} 段出茶，但时间为 {{seconds}} 秒、茶量为 {{grams}} 克',
    tw: '第 {{segment}} 段出茶，但時間為 {{seconds}} 秒、茶量為 {{grams}} 克',
  },
  'msg.catalogItemOtherMerchant': {
    en: '{{name}} belongs to another merchant than the product',
    zh: '{{name}} 不属于该商品的商户或其上级商户',
    tw: '{{name}} 不屬於此商品的商戶或其上級商戶',
  },
  'msg.comboOptionNotOfProduct': {
    en: 'Combination {{index}}: {{name}} is not an option of this product’s specifications',
    zh: '组合 {{index}}：{{name}} 不是该商品所选规格中的选项',
    tw: '組合 {{index}}：{{name}} 不是此商品所選規格中的選項',
  },
  // {{combo}} is the combination's options ('Large / No ice') or its number.
  'msg.comboOutOfRange': {
    en: 'Combination {{combo}} (× {{factor}}), step {{step}}: {{name}} {{value}} is outside {{min}}–{{max}} {{unit}}',
    zh: '组合 {{combo}}（× {{factor}}），第 {{step}} 步：{{name}} {{value}} 超出 {{min}}–{{max}} {{unit}}',
    tw: '組合 {{combo}}（× {{factor}}），第 {{step}} 步：{{name}} {{value}} 超出 {{min}}–{{max}} {{unit}}',
  },
  'msg.productNeedsMaterial': {
    en: 'Add the materials the product uses',
    zh: '请添加商品所用的原料',
    tw: '請新增商品所用的原料',
  },
  'msg.toppingFreeAndCharged': {
    en: 'A topping cannot be both free and charged',
    zh: '同一小料不能既免费又收费',
    tw: '同一小料不能既免費又加價',
  },
  'msg.segmentsOnlyTea': {
    en: 'Only tea recipes have extraction segments',
    zh: '只有茶饮配方有萃取分段',
    tw: '只有茶飲配方有萃取分段',
  },
  'msg.minAboveMax': {
    en: 'The minimum cannot be above the maximum',
    zh: '最小值不能大于最大值',
    tw: '最小值不能大於最大值',
  },
  'msg.materialMinAboveMax': {
    en: 'The minimum ({{min}}) cannot be above the maximum ({{max}})',
    zh: '最小值（{{min}}）不能大于最大值（{{max}}）',
    tw: '最小值（{{min}}）不能大於最大值（{{max}}）',
  },
  'msg.unknownMaterialOrOption': {
    en: 'A material or option of this product does not exist or is not yours',
    zh: '该商品的原料或规格不存在或不属于您',
    tw: '此商品的原料或規格不存在或不屬於您',
  },
  'msg.menuEmpty': {
    en: 'The menu has no product these machines can make',
    zh: '菜单中没有这些机器能制作的商品',
    tw: '菜單中沒有這些機器能製作的商品',
  },
  'msg.menuTargetsRequired': {
    en: 'Choose a store or machines',
    zh: '请选择门店或机器',
    tw: '請選擇門市或機器',
  },
  'msg.productOtherFamily': {
    en: '{{code}} is a {{family}} product; {{target}} is a {{machineFamily}} machine',
    zh: '{{code}} 是 {{family}} 商品；{{target}} 是 {{machineFamily}} 机器',
    tw: '{{code}} 是 {{family}} 商品；{{target}} 是 {{machineFamily}} 機器',
  },
  'msg.productOtherMerchant': {
    en: '{{code}} belongs to another merchant than {{target}}',
    zh: '{{code}} 与 {{target}} 不属于同一商户',
    tw: '{{code}} 與 {{target}} 不屬於同一商戶',
  },
  'msg.merchantSuspended': {
    en: 'This merchant is suspended; its users cannot sign in',
    zh: '该商户已停用，其用户无法登录',
    tw: '該商戶已停用，其使用者無法登入',
  },
  'msg.merchantCycle': {
    en: 'A merchant cannot be placed under itself or its sub-merchants',
    zh: '商户不能放在自身或其下级商户之下',
    tw: '商戶不能放在自身或其下級商戶之下',
  },
  'msg.merchantRequired': {
    en: 'Choose the merchant this belongs to',
    zh: '请选择所属商户',
    tw: '請選擇所屬商戶',
  },
  'msg.merchantHasChildren': {
    en: 'This merchant still has sub-merchants, stores or accounts',
    zh: '该商户仍有下级商户、门店或账号',
    tw: '該商戶仍有下級商戶、門市或帳號',
  },
  'msg.invalidSort': { en: 'This column cannot be sorted', zh: '此列不能排序', tw: '此欄不能排序' },
  'msg.invalidRequest': { en: 'Invalid request', zh: '请求无效', tw: '請求無效' },
  'msg.badTimeZone': {
    en: 'Unknown time zone: {{zone}}',
    zh: '未知的时区：{{zone}}',
    tw: '未知的時區：{{zone}}',
  },
  'msg.notFound': { en: 'Not found', zh: '未找到', tw: '找不到' },
  'msg.routeNotFound': { en: 'No such endpoint', zh: '接口不存在', tw: '介面不存在' },
  'msg.conflict': { en: 'This record already exists', zh: '该记录已存在', tw: '該記錄已存在' },
  'msg.inUse': { en: 'This record is still in use', zh: '该记录仍在使用中', tw: '該記錄仍在使用中' },
  'msg.inheritedReadOnly': {
    en: 'This record belongs to {{owner}}: it can be used, not changed',
    zh: '该记录属于 {{owner}}：可以使用，不能修改',
    tw: '該記錄屬於 {{owner}}：可以使用，不能修改',
  },
  'msg.inUseByProducts': {
    en: 'This record is still in use (products using it: {{count}})',
    zh: '该记录仍在使用中（使用它的商品：{{count}} 个）',
    tw: '該記錄仍在使用中（使用它的商品：{{count}} 項）',
  },
  'msg.internal': { en: 'Internal server error', zh: '服务器内部错误', tw: '伺服器內部錯誤' },
  'msg.tooLarge': { en: 'The upload is too large', zh: '上传的文件过大', tw: '上傳的檔案過大' },
  'msg.uploadQuota': {
    en: 'The storage for uploads is full ({{used}} MB of {{quota}} MB used): this file was not kept',
    zh: '上传文件的存储空间已满（已用 {{used}} MB，共 {{quota}} MB）：此文件未保存',
    tw: '上傳檔案的儲存空間已滿（已用 {{used}} MB，共 {{quota}} MB）：此檔案未儲存',
  },
  'msg.tooManyExports': {
    en: 'Too many exports in a short time, try again in {{seconds}} seconds',
    zh: '短时间内导出次数过多，请在 {{seconds}} 秒后重试',
    tw: '短時間內匯出次數過多，請在 {{seconds}} 秒後重試',
  },
  'msg.tooManyImports': {
    en: 'Too many imports in a short time, try again in {{seconds}} seconds',
    zh: '短时间内导入次数过多，请在 {{seconds}} 秒后重试',
    tw: '短時間內匯入次數過多，請在 {{seconds}} 秒後重試',
  },
  'msg.tooManyCommands': {
    en: 'Too many machine commands in a short time, try again in {{seconds}} seconds',
    zh: '短时间内发送的设备指令过多，请在 {{seconds}} 秒后重试',
    tw: '短時間內傳送的設備指令過多，請在 {{seconds}} 秒後重試',
  },
  'msg.tooManyLargeLists': {
    en: 'Too many large lists in a short time, try again in {{seconds}} seconds or ask for fewer rows',
    zh: '短时间内请求的大列表过多，请在 {{seconds}} 秒后重试，或减少每页行数',
    tw: '短時間內請求的大型列表過多，請在 {{seconds}} 秒後重試，或減少每頁列數',
  },
  'msg.unsupportedType': {
    en: 'This file type is not supported',
    zh: '不支持此文件类型',
    tw: '不支援此檔案類型',
  },
  'msg.unauthorized': { en: 'Login permission expired', zh: '登录权限已过期', tw: '登入權限已過期' },
  'msg.forbidden': {
    en: 'You do not have permission for this action',
    zh: '您没有此操作的权限',
    tw: '您沒有此操作的權限',
  },
  'msg.badCredentials': { en: 'Wrong account or password', zh: '账号或密码错误', tw: '帳號或密碼錯誤' },
  'msg.accountBlocked': {
    en: 'This account is disabled or has resigned and cannot sign in',
    zh: '该账号已停用或离职，无法登录',
    tw: '該帳號已停用或離職，無法登入',
  },
  'msg.agreement': {
    en: 'Please confirm the privacy agreement',
    zh: '请确认隐私协议',
    tw: '請確認隱私權協議',
  },
  'msg.throttled': {
    en: 'Too many failed sign-ins, try again in {{seconds}} seconds',
    zh: '登录失败次数过多，请在 {{seconds}} 秒后重试',
    tw: '登入失敗次數過多，請在 {{seconds}} 秒後重試',
  },
  'msg.decryptFailed': {
    en: 'The encrypted field could not be read; reload the page and try again',
    zh: '加密字段无法解读，请刷新页面后重试',
    tw: '加密欄位無法解讀，請重新整理頁面後再試',
  },
  'msg.passwordEmpty': { en: 'Password cannot be empty', zh: '密码不能为空', tw: '密碼不能為空' },
  'msg.passwordMismatch': {
    en: 'Inconsistent password inputs',
    zh: '两次输入的密码不一致',
    tw: '兩次輸入的密碼不一致',
  },
  'msg.passwordLength': {
    en: 'The password must have 8 to 64 characters',
    zh: '密码长度须为 8 到 64 个字符',
    tw: '密碼長度須為 8 到 64 個字元',
  },
  'msg.passwordCommon': {
    en: 'This password is too common; choose another',
    zh: '该密码过于常见，请换一个',
    tw: '該密碼過於常見，請換一個',
  },
  'msg.passwordWrong': { en: 'The current password is wrong', zh: '当前密码错误', tw: '目前密碼錯誤' },
  'msg.accountExists': { en: 'This account already exists', zh: '该账号已存在', tw: '該帳號已存在' },
  'msg.roleExists': {
    en: 'A role with this name already exists',
    zh: '该角色名称已存在',
    tw: '該角色名稱已存在',
  },
  'msg.duplicateImage': {
    en: 'The same image is listed twice',
    zh: '同一张图片重复出现',
    tw: '同一張圖片重複出現',
  },
  'msg.refNotFound': {
    en: '{{field}}: the referenced record does not exist',
    zh: '{{field}}：引用的记录不存在',
    tw: '{{field}}：引用的記錄不存在',
  },
  'msg.menuCycle': {
    en: 'A menu cannot be placed under itself',
    zh: '菜单不能放在自身之下',
    tw: '選單不能放在自身之下',
  },
  'msg.menuHasChildren': { en: 'Delete the sub-menus first', zh: '请先删除子菜单', tw: '請先刪除子選單' },
  'msg.orgCycle': {
    en: 'An organization cannot be placed under itself',
    zh: '组织不能放在自身之下',
    tw: '組織不能放在自身之下',
  },
  'msg.cannotDeleteSelf': {
    en: 'You cannot delete your own account',
    zh: '不能删除自己的账号',
    tw: '不能刪除自己的帳號',
  },
  'msg.adminProtected': {
    en: 'The platform administrator cannot be deleted or disabled',
    zh: '平台管理员不能被删除或停用',
    tw: '平台管理員不能被刪除或停用',
  },
  'msg.cannotGrant': {
    en: 'You cannot grant permissions you do not hold yourself',
    zh: '不能授予您自己没有的权限',
    tw: '不能授予您自己沒有的權限',
  },
  'msg.importFile': {
    en: 'Upload a CSV or Excel (.xlsx) file',
    zh: '请上传 CSV 或 Excel（.xlsx）文件',
    tw: '請上傳 CSV 或 Excel（.xlsx）檔案',
  },
  'msg.importTooManyRows': {
    en: 'The file has more than {{max}} rows',
    zh: '文件超过 {{max}} 行',
    tw: '檔案超過 {{max}} 列',
  },
  'msg.importRowErrors': {
    en: '{{count}} rows have errors; nothing was imported',
    zh: '{{count}} 行有错误，未导入任何数据',
    tw: '{{count}} 列有錯誤，未匯入任何資料',
  },
  'msg.importMissingColumn': {
    en: 'Missing column: {{column}}',
    zh: '缺少列：{{column}}',
    tw: '缺少欄位：{{column}}',
  },
  'msg.duplicateInFile': { en: 'Duplicate in this file', zh: '文件内重复', tw: '檔案內重複' },
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
  'log.request': {
    en: 'Other operation ({{method}} {{path}})',
    zh: '其他操作（{{method}} {{path}}）',
    tw: '其他操作（{{method}} {{path}}）',
  },
} as const satisfies Record<string, Entry>;

export type MessageKey = keyof typeof MESSAGES;

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
  for (const part of value.split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase();
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
    if (tag === 'tw' || /^zh-(tw|hk|mo|hant)/.test(tag)) return 'tw';
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh';
  }
  return undefined;
}
