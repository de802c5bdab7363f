-- Text search on opportunities (D18 `q`): one lower-cased text per opportunity holding its
-- external_reference, metadata values, note bodies and task titles, kept up to date by
-- OpportunityService in the transaction of each write. A trigram GIN index serves the
-- case-insensitive substring match `search_text like '%...%'` (three characters or more), so a
-- search stays one indexed query over one table at any size.
create extension if not exists pg_trgm;

alter table opportunities add column search_text text not null default '';
-- Until now an opportunity could only have gained an external_reference (no writes existed for
-- metadata, notes or tasks).
update opportunities set search_text = lower(coalesce(external_reference, ''));

create index opportunities_search on opportunities using gin (search_text gin_trgm_ops);
