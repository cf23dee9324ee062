#!/bin/sh
# Runs at every boot of tf-web (the metadata key user-script).
svcadm enable -s svc:/network/http:apache24
