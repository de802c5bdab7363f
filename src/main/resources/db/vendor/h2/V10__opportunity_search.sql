-- Text search on opportunities (D18 `q`), H2 version: the same column as on PostgreSQL but no
-- trigram index (H2 has none); H2 serves tests and single-node trials, where a scan is fine.
alter table opportunities add column search_text varchar(1000000) not null default '';
update opportunities set search_text = lower(coalesce(external_reference, ''));
