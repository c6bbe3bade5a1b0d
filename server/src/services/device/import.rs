//! The `devices` import target: CSV rows of imei, sn, partNo, version, iccid, kind and the
//! parent receiver's imei, written all or none.
