-- Products API: room for the largest metadata the API accepts (50 keys of up to 40 characters,
-- values of up to 500, JSON-escaped), which the V1 size did not have.
alter table products alter column metadata set data type varchar(200000);
alter table product_versions alter column metadata set data type varchar(200000);
