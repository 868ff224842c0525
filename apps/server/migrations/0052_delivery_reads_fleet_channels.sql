-- The delivery platform reads what machines' channels hold from fleet (`channelSupply`: level and
-- shortage, below the low level or past the shelf life), as the ordering app does, instead of its
-- own copy of the last levels, which knew nothing of shortages: Uber kept selling a drink the app
-- showed sold out. The copy goes.
drop table if exists delivery_channel_level;
