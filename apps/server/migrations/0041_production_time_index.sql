-- The data center's rebuild reads cups by time across all machines (a range of days, 31 at a time);
-- production_record's indexes all lead with the merchant or the machine, so each range was a full
-- scan (8 GB at 10 million cups). Cups arrive nearly in time order: a BRIN index on the instant is a
-- few pages and costs the ingest next to nothing.
create index production_record_time_brin on production_record using brin (produced_at);
