-- A merchant's country is its ISO 3166-1 alpha-2 code (its taxes' rule and its currency follow it).
-- It was free text: a name ("Taiwan") fell back to another country's tax rule and to US dollars.
-- Codes are kept upper case; the names people wrote most are turned into their codes; anything else
-- is cleared, to be chosen again (the console asks for a code).
update merchant set country = upper(trim(country)) where country ~ '^\s*[A-Za-z]{2}\s*$';
update merchant set country = 'GB' where country = 'UK';
update merchant set country = case lower(trim(country))
    when 'taiwan' then 'TW' when '台灣' then 'TW' when '台湾' then 'TW' when '臺灣' then 'TW'
    when 'hong kong' then 'HK' when '香港' then 'HK'
    when 'japan' then 'JP' when '日本' then 'JP'
    when 'china' then 'CN' when '中国' then 'CN' when '中國' then 'CN'
    when 'singapore' then 'SG' when '新加坡' then 'SG'
    when 'united kingdom' then 'GB'
    when 'united states' then 'US' when 'usa' then 'US'
    when 'canada' then 'CA'
    else null end
  where country is not null and country !~ '^[A-Z]{2}$';
